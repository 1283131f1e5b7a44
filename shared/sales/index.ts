/**
 * The sales domain's public entry: what other domains and their entry points use of it. A domain imports
 * another only through its index (design.md, "Dependencies point one way"; `test/platform/layers.test.ts`).
 */
export { partyLines } from './document-sheet.ts';
export type { Sheet, SheetParty } from './document-sheet.ts';
export { mailRecipients } from './invoice-mail-rules.ts';
export { Addresses } from './invoice-mail-schemas.ts';
export { EDITORS } from './pages/document-editor-rules.ts';
export { approveDraftHandler, confirmVoidHandler, deleteDraftHandler, documentListHandler, documentPageHandler, voidDocumentHandler } from './pages/document-pages.ts';
export { partyNames } from './pages/documents-rules.ts';
export type { SettledDocument } from './pages/documents-rules.ts';
export { draftEditHandler, draftUpdateHandler, editorFormHandler, editorPostHandler } from './pages/editor-pages.ts';
export { recurringPage } from './pages/recurring.tsx';
export { applyCreditHandler, convertHandler, refundCreditHandler, salesDocumentListHandler, salesDocumentPageHandler, salesDocumentPdfHandler, undoCreditHandler, voidSalesDocumentHandler } from './pages/sales-document-pages.ts';
export { DOCUMENT_PAGES, documentPageOf } from './pages/sales-documents-rules.ts';
export { SIDES, noticeOf } from './pages/sides.ts';
export type { Side } from './pages/sides.ts';
export { renderSheetPdf } from './pdf.ts';
export { deleteRecurringInvoice, listRecurringInvoices, updateRecurringInvoice } from './recurring/recurring.ts';
export { RecurringInvoice, RecurringInvoicePatch } from './recurring/schemas.ts';
export { getReminderPolicy, putReminderPolicy } from './reminders/reminders.ts';
export { ReminderPayload, ReminderPolicyInput } from './reminders/schemas.ts';
