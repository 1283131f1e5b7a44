import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { salesDocumentPageHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = salesDocumentPageHandler(salesPageRoutes.creditNote, DOCUMENT_PAGES.credit_note);
