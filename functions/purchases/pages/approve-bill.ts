import { SIDES } from '../../../shared/sales/index.ts';
import { approveDraftHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = approveDraftHandler(purchasesPageRoutes.approveBill, SIDES.bill);
