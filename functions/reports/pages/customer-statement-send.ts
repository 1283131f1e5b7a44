import { defineDashboardPage } from '../../../shared/access/index.ts';
import type { Id } from '../../../shared/platform/core/ids.ts';
import { refusalOf } from '../../../shared/platform/http/form-refusal.ts';
import { formIdempotencyKey } from '../../../shared/platform/http/idempotency.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { queueStatementMail } from '../../../shared/reports/statement-mail.ts';
import { StatementSendInput } from '../../../shared/reports/statement-schemas.ts';
import { statementPeriod } from '../../../shared/reports/statement-period.ts';
import { statementPageOf } from './statement-page.ts';
import { reportsPageRoutes } from './routes.ts';

/**
 * E-mails the statement of the period shown through the API's use case and schema: to the customer's address
 * unless others are typed (comma separated), with the person's message. A refusal draws the statement again with
 * what was typed, under the same key.
 */
export const handler = defineDashboardPage(reportsPageRoutes.customerStatementSend, async ({ viewer, id, form }) => {
  const asked = { from: form.from?.[0] || undefined, to: form.to_date?.[0] || undefined };
  try {
    const scope = formIdempotencyKey(form, 'dashboard.customerStatementSend');
    const to = (form.to?.[0] ?? '').split(',').map((address) => address.trim()).filter(Boolean);
    const message = form.message?.[0]?.trim();
    const body = parseInput(StatementSendInput, { period: asked, ...(to.length ? { to } : {}), ...(message ? { message } : {}) }, 'form');
    await queueStatementMail(viewer.business.id, id as Id, statementPeriod(body.period ?? {}, 'period.from'), body, scope);
    return redirect(`/dashboard/customers/${id}/statement?${new URLSearchParams({ ...(asked.from ? { from: asked.from } : {}), ...(asked.to ? { to: asked.to } : {}), notice: 'statement_queued' })}`);
  } catch (error) {
    const refused = refusalOf(error);
    return html(refused.status, await statementPageOf(viewer, id as Id, asked, { sendKey: form.idempotency_key?.[0] ?? '', sendEntry: { typed: form, problems: refused.problems } }), [], { headers: refused.headers });
  }
});
