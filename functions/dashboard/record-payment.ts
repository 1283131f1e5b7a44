import { SIDES } from '../../shared/sales/pages/sides.ts';
import { recordMoneyHandler } from './money-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = recordMoneyHandler(dashboardRoutes.recordPayment, SIDES.bill, '/dashboard/payments');
