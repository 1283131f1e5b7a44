import { importStatement } from '../../../shared/banking/import-statement.ts';
import { StatementImport } from '../../../shared/banking/schemas.ts';
import { bodyOf, typedOf } from '../../../shared/platform/web/record-form-rules.ts';
import { IMPORT_FIELDS } from '../../../shared/banking/pages/banking-fields.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { refusalOf } from '../../../shared/platform/http/form-refusal.ts';
import { truncatedField } from '../../../shared/platform/http/multipart.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { validationError } from '../../../shared/platform/http/errors.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { drawImportForm } from './banking-forms.ts';
import { dashboardBankingRoutes as rows } from './routes.ts';

/**
 * A statement file through the API's schema and use case (`POST /bank-feeds/accounts/{id}/imports`): a short one
 * is added at once, a long one queued and its progress page shown; a refusal comes back on the form.
 */
export const handler = defineDashboardPage(rows.importStatement, async ({ viewer, id, form }) => {
  const typed = typedOf(form, IMPORT_FIELDS);
  try {
    if (form[truncatedField('content')]) throw validationError([{ field: 'content', message: 'is larger than the 5 MB a statement file may be' }]);
    const imported = await importStatement(viewer.business.id, id, parseInput(StatementImport, bodyOf(IMPORT_FIELDS, typed, 'create'), 'form'));
    if (imported.kind === 'queued') return redirect(`/dashboard/banking/imports/${imported.queued.id}`);
    return redirect(`/dashboard/banking/${id}?notice=${imported.received.added.length > 0 ? 'statement_imported' : 'statement_known'}`);
  } catch (error) {
    const refused = refusalOf(error);
    return html(refused.status, await drawImportForm(viewer, id, typed, refused.problems), [], { headers: refused.headers });
  }
});
