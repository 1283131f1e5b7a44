import { SIDES } from '../../../shared/sales/index.ts';
import { moneyFormHandler } from './money-pages.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = moneyFormHandler(cashPageRoutes.receiptForm, SIDES.invoice, '/dashboard/receipts');
