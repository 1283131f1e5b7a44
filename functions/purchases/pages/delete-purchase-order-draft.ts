import { DOCUMENT_PAGES, deleteDraftHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = deleteDraftHandler(purchasesPageRoutes.deletePurchaseOrderDraft, DOCUMENT_PAGES.purchase_order);
