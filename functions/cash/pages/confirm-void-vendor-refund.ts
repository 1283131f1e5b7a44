import { confirmVoidMoneyHandler } from './money-record-pages.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = confirmVoidMoneyHandler(cashPageRoutes.confirmVoidVendorRefund, 'vendor_refund');
