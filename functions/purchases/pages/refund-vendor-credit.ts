import { DOCUMENT_PAGES, refundCreditHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = refundCreditHandler(purchasesPageRoutes.refundVendorCredit, DOCUMENT_PAGES.vendor_credit);
