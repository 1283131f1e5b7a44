import { SIDES } from '../../shared/sales/pages/sides.ts';
import { moneyFormHandler } from './money-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = moneyFormHandler(dashboardRoutes.receiptForm, SIDES.invoice, '/dashboard/receipts');
