import { voidMoneyHandler } from './money-record-pages.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = voidMoneyHandler(cashPageRoutes.voidVendorRefund, 'vendor_refund');
