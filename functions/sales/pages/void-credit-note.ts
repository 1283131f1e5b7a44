import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { voidSalesDocumentHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = voidSalesDocumentHandler(salesPageRoutes.voidCreditNote, DOCUMENT_PAGES.credit_note);
