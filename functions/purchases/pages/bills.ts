import { SIDES, documentListHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = documentListHandler(purchasesPageRoutes.bills, SIDES.bill);
