import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { salesDocumentPageHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = salesDocumentPageHandler(cashPageRoutes.prepayment, DOCUMENT_PAGES.prepayment);
