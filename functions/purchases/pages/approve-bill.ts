import { SIDES, approveDraftHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = approveDraftHandler(purchasesPageRoutes.approveBill, SIDES.bill);
