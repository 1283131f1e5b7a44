import { defineDashboardPage } from '../../../shared/access/index.ts';
import { refusalOf } from '../../../shared/platform/http/form-refusal.ts';
import { FORM_FILE_BYTES, truncatedField } from '../../../shared/platform/http/multipart.ts';
import { validationError } from '../../../shared/platform/http/errors.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { importBillEInvoice } from '../../../shared/purchases/e-invoice-import.ts';
import { drawEInvoiceForm } from './e-invoice-form-page.ts';
import { purchasesPageRoutes as rows } from './routes.ts';

/**
 * A supplier's e-invoice through the API's use case (`POST /bills/e-invoices`): the bill it became,
 * or the vendor credit's page for a supplier's credit note, or the form again with what was wrong.
 */
export const handler = defineDashboardPage(rows.eInvoiceImport, async ({ viewer, form }) => {
  try {
    const xml = form.xml?.[0] ?? '';
    if (form[truncatedField('xml')]) throw validationError([{ field: 'xml', message: `is larger than the ${FORM_FILE_BYTES / 1024 / 1024} MB a file sent from this form may be` }]);
    if (!xml.trim()) throw validationError([{ field: 'xml', message: 'is required: choose the XML file' }]);
    const imported = await importBillEInvoice(viewer.business.id, viewer.scopes, { xml });
    const notice = imported.created ? 'e_invoice_imported' : 'e_invoice_known';
    const document = imported.document;
    return redirect(document.type === 'bill' ? `/dashboard/bills/${document.id}?notice=${notice}` : `/dashboard/vendor-credits/${document.id}?notice=${imported.created ? 'vendor_credit_imported' : notice}`);
  } catch (error) {
    const refused = refusalOf(error);
    return html(refused.status, drawEInvoiceForm(viewer, refused.problems), [], { headers: refused.headers });
  }
});
