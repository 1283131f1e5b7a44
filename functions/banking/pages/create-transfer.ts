import { TransferCreate } from '../../../shared/banking/schemas.ts';
import { createTransfer } from '../../../shared/banking/transfers.ts';
import { bodyOf, typedOf } from '../../../shared/platform/web/record-form-rules.ts';
import { transferFields } from '../../../shared/banking/pages/banking-fields.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { refusalOf } from '../../../shared/platform/http/form-refusal.ts';
import { formIdempotencyKey } from '../../../shared/platform/http/idempotency.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { drawTransferForm } from './banking-forms.ts';
import { dashboardBankingRoutes as rows } from './routes.ts';

/** A transfer through the API's schema and producer, under the form's idempotency key: a double submit posts once. */
export const handler = defineDashboardPage(rows.createTransfer, async ({ viewer, form }) => {
  // The fields' names do not depend on the accounts offered: read what was typed without them.
  const typed = typedOf(form, transferFields([], '').fields);
  const key = form.idempotency_key?.[0] ?? '';
  try {
    await createTransfer(viewer.business.id, parseInput(TransferCreate, bodyOf(transferFields([], '').fields, typed, 'create'), 'form'), formIdempotencyKey(form, rows.createTransfer.id));
    return redirect('/dashboard/banking?notice=transfer_posted');
  } catch (error) {
    const refused = refusalOf(error);
    return html(refused.status, await drawTransferForm(viewer, { typed, key, problems: refused.problems }), [], { headers: refused.headers });
  }
});
