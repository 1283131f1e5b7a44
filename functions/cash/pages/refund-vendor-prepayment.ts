import { DOCUMENT_PAGES, refundCreditHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = refundCreditHandler(cashPageRoutes.refundVendorPrepayment, DOCUMENT_PAGES.vendor_prepayment);
