import { DOCUMENT_PAGES, applyCreditHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = applyCreditHandler(purchasesPageRoutes.applyVendorCredit, DOCUMENT_PAGES.vendor_credit);
