import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { EDITOR_SCRIPT_PATH } from '../../../shared/sales/pages/editor-script-path.ts';

const page = (entry: string) => `functions/sales/pages/${entry}.ts`;

/** The sales domain's dashboard pages and form actions; each row's `scope` is what the signed-in user's role must grant. */
export const salesPageRoutes = defineRoutes({
  editorScript: { id: 'dashboard.editorScript', method: 'GET', path: EDITOR_SCRIPT_PATH, entry: page('editor-script'), auth: 'browser', scope: null },
  invoices: { id: 'dashboard.invoices', method: 'GET', path: '/dashboard/invoices', entry: page('invoices'), auth: 'browser', scope: 'sales_invoices:read' },
  invoice: { id: 'dashboard.invoice', method: 'GET', path: '/dashboard/invoices/{id}', entry: page('invoice'), auth: 'browser', scope: 'sales_invoices:read' },
  confirmVoidInvoice: { id: 'dashboard.confirmVoidInvoice', method: 'GET', path: '/dashboard/invoices/{id}/void', entry: page('confirm-void-invoice'), auth: 'browser', scope: 'sales_invoices:void' },
  voidInvoice: { id: 'dashboard.voidInvoice', method: 'POST', path: '/dashboard/invoices/{id}/void', entry: page('void-invoice'), auth: 'browser', scope: 'sales_invoices:void' },
  approveInvoice: { id: 'dashboard.approveInvoice', method: 'POST', path: '/dashboard/invoices/{id}/approve', entry: page('approve-invoice'), auth: 'browser', scope: 'sales_invoices:approve' },
  deleteInvoiceDraft: { id: 'dashboard.deleteInvoiceDraft', method: 'POST', path: '/dashboard/invoices/{id}/delete', entry: page('delete-invoice-draft'), auth: 'browser', scope: 'sales_invoices:create' },
  invoiceNew: { id: 'dashboard.invoiceNew', method: 'GET', path: '/dashboard/invoices/new', entry: page('invoice-new'), auth: 'browser', scope: 'sales_invoices:create' },
  invoiceCreate: { id: 'dashboard.invoiceCreate', method: 'POST', path: '/dashboard/invoices', entry: page('invoice-create'), auth: 'browser', scope: 'sales_invoices:create' },
  creditNoteNew: { id: 'dashboard.creditNoteNew', method: 'GET', path: '/dashboard/credit-notes/new', entry: page('credit-note-new'), auth: 'browser', scope: 'sales_documents:create' },
  creditNoteCreate: { id: 'dashboard.creditNoteCreate', method: 'POST', path: '/dashboard/credit-notes', entry: page('credit-note-create'), auth: 'browser', scope: 'sales_documents:create' },
  estimateNew: { id: 'dashboard.estimateNew', method: 'GET', path: '/dashboard/estimates/new', entry: page('estimate-new'), auth: 'browser', scope: 'sales_documents:create' },
  estimateCreate: { id: 'dashboard.estimateCreate', method: 'POST', path: '/dashboard/estimates', entry: page('estimate-create'), auth: 'browser', scope: 'sales_documents:create' },
  invoicePdf: { id: 'dashboard.invoicePdf', method: 'GET', path: '/dashboard/invoices/{id}/pdf', entry: page('invoice-pdf'), auth: 'browser', scope: 'sales_invoices:read', needs: { table: 'readwrite', linkSecret: true, pdfFonts: true } },
  invoiceEInvoice: { id: 'dashboard.invoiceEInvoice', method: 'GET', path: '/dashboard/invoices/{id}/e-invoice', entry: page('invoice-e-invoice'), auth: 'browser', scope: 'sales_invoices:read', needs: { table: 'readwrite', linkSecret: true } },
  invoiceLink: { id: 'dashboard.invoiceLink', method: 'GET', path: '/dashboard/invoices/{id}/link', entry: page('invoice-link'), auth: 'browser', scope: 'sales_invoices:update', needs: { table: 'readwrite', linkSecret: true } },
  sendInvoice: { id: 'dashboard.sendInvoice', method: 'POST', path: '/dashboard/invoices/{id}/send', entry: page('send-invoice'), auth: 'browser', scope: 'sales_invoices:update' },
  creditNotes: { id: 'dashboard.creditNotes', method: 'GET', path: '/dashboard/credit-notes', entry: page('credit-notes'), auth: 'browser', scope: 'sales_documents:read' },
  creditNote: { id: 'dashboard.creditNote', method: 'GET', path: '/dashboard/credit-notes/{id}', entry: page('credit-note'), auth: 'browser', scope: 'sales_documents:read' },
  creditNotePdf: { id: 'dashboard.creditNotePdf', method: 'GET', path: '/dashboard/credit-notes/{id}/pdf', entry: page('credit-note-pdf'), auth: 'browser', scope: 'sales_documents:read', needs: { pdfFonts: true } },
  creditNoteEInvoice: { id: 'dashboard.creditNoteEInvoice', method: 'GET', path: '/dashboard/credit-notes/{id}/e-invoice', entry: page('credit-note-e-invoice'), auth: 'browser', scope: 'sales_documents:read' },
  confirmVoidCreditNote: { id: 'dashboard.confirmVoidCreditNote', method: 'GET', path: '/dashboard/credit-notes/{id}/void', entry: page('confirm-void-credit-note'), auth: 'browser', scope: 'sales_documents:void' },
  voidCreditNote: { id: 'dashboard.voidCreditNote', method: 'POST', path: '/dashboard/credit-notes/{id}/void', entry: page('void-credit-note'), auth: 'browser', scope: 'sales_documents:void' },
  applyCredit: { id: 'dashboard.applyCredit', method: 'POST', path: '/dashboard/credit-notes/{id}/allocations', entry: page('apply-credit'), auth: 'browser', scope: 'sales_documents:create' },
  refundCreditNote: { id: 'dashboard.refundCreditNote', method: 'POST', path: '/dashboard/credit-notes/{id}/refund', entry: page('refund-credit-note'), auth: 'browser', scope: 'sales_receipts:create' },
  undoCredit: { id: 'dashboard.undoCredit', method: 'POST', path: '/dashboard/credit-allocations/{id}/void', entry: page('undo-credit'), auth: 'browser', scope: 'sales_documents:void' },
  estimates: { id: 'dashboard.estimates', method: 'GET', path: '/dashboard/estimates', entry: page('estimates'), auth: 'browser', scope: 'sales_documents:read' },
  estimate: { id: 'dashboard.estimate', method: 'GET', path: '/dashboard/estimates/{id}', entry: page('estimate'), auth: 'browser', scope: 'sales_documents:read' },
  estimatePdf: { id: 'dashboard.estimatePdf', method: 'GET', path: '/dashboard/estimates/{id}/pdf', entry: page('estimate-pdf'), auth: 'browser', scope: 'sales_documents:read', needs: { pdfFonts: true } },
  confirmVoidEstimate: { id: 'dashboard.confirmVoidEstimate', method: 'GET', path: '/dashboard/estimates/{id}/void', entry: page('confirm-void-estimate'), auth: 'browser', scope: 'sales_documents:void' },
  voidEstimate: { id: 'dashboard.voidEstimate', method: 'POST', path: '/dashboard/estimates/{id}/void', entry: page('void-estimate'), auth: 'browser', scope: 'sales_documents:void' },
  convertEstimate: { id: 'dashboard.convertEstimate', method: 'POST', path: '/dashboard/estimates/{id}/convert', entry: page('convert-estimate'), auth: 'browser', scope: 'sales_invoices:create' },
  recurringNew: { id: 'dashboard.recurringNew', method: 'GET', path: '/dashboard/recurring-invoices/new', entry: page('recurring-new'), auth: 'browser', scope: 'sales_invoices:create' },
  recurringCreate: { id: 'dashboard.recurringCreate', method: 'POST', path: '/dashboard/recurring-invoices', entry: page('recurring-create'), auth: 'browser', scope: 'sales_invoices:create' },
  recurringEdit: { id: 'dashboard.recurringEdit', method: 'GET', path: '/dashboard/recurring-invoices/{id}/edit', entry: page('recurring-edit'), auth: 'browser', scope: 'sales_invoices:update' },
  recurringUpdate: { id: 'dashboard.recurringUpdate', method: 'POST', path: '/dashboard/recurring-invoices/{id}', entry: page('recurring-update'), auth: 'browser', scope: 'sales_invoices:update' },
});
