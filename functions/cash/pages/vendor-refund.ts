import { moneyPageHandler } from './money-record-pages.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = moneyPageHandler(cashPageRoutes.vendorRefund, 'vendor_refund');
