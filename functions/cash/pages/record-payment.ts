import { SIDES } from '../../../shared/sales/index.ts';
import { recordMoneyHandler } from './money-pages.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = recordMoneyHandler(cashPageRoutes.recordPayment, SIDES.bill, '/dashboard/payments');
