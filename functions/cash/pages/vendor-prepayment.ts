import { DOCUMENT_PAGES, salesDocumentPageHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = salesDocumentPageHandler(cashPageRoutes.vendorPrepayment, DOCUMENT_PAGES.vendor_prepayment);
