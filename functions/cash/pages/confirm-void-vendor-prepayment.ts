import { confirmVoidHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = confirmVoidHandler(cashPageRoutes.confirmVoidVendorPrepayment, 'vendor_prepayment', '/dashboard/vendor-prepayments');
