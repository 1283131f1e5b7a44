import { EDITORS, editorPostHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = editorPostHandler(purchasesPageRoutes.purchaseOrderCreate, EDITORS.purchase_order);
