import { SIDES, deleteDraftHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = deleteDraftHandler(purchasesPageRoutes.deleteBillDraft, SIDES.bill);
