import { DOCUMENT_PAGES } from '../../../shared/sales/index.ts';
import { salesDocumentPageHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = salesDocumentPageHandler(cashPageRoutes.prepayment, DOCUMENT_PAGES.prepayment);
