import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { salesDocumentListHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = salesDocumentListHandler(cashPageRoutes.prepayments, DOCUMENT_PAGES.prepayment);
