import { DOCUMENT_PAGES, salesDocumentPageHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = salesDocumentPageHandler(cashPageRoutes.prepayment, DOCUMENT_PAGES.prepayment);
