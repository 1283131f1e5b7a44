import { confirmVoidHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = confirmVoidHandler(purchasesPageRoutes.confirmVoidVendorCredit, 'vendor_credit', '/dashboard/vendor-credits');
