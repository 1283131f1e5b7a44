import { DOCUMENT_PAGES, salesDocumentListHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = salesDocumentListHandler(cashPageRoutes.prepayments, DOCUMENT_PAGES.prepayment);
