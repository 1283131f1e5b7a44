import { EDITORS, draftUpdateHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = draftUpdateHandler(purchasesPageRoutes.savePurchaseOrderDraft, EDITORS.purchase_order);
