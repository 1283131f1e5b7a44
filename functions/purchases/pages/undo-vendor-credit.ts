import { DOCUMENT_PAGES, undoCreditHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = undoCreditHandler(purchasesPageRoutes.undoVendorCredit, DOCUMENT_PAGES.vendor_credit);
