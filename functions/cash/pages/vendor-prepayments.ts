import { DOCUMENT_PAGES, salesDocumentListHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = salesDocumentListHandler(cashPageRoutes.vendorPrepayments, DOCUMENT_PAGES.vendor_prepayment);
