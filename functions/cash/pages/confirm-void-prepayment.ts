import { confirmVoidHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = confirmVoidHandler(cashPageRoutes.confirmVoidPrepayment, 'prepayment', '/dashboard/prepayments');
