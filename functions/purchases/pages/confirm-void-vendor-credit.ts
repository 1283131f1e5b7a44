import { confirmVoidHandler } from '../../../shared/sales/pages/document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = confirmVoidHandler(purchasesPageRoutes.confirmVoidVendorCredit, 'vendor_credit', '/dashboard/vendor-credits');
