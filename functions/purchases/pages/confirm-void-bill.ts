import { confirmVoidHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = confirmVoidHandler(purchasesPageRoutes.confirmVoidBill, 'bill', '/dashboard/bills');
