import { DOCUMENT_PAGES, approveDraftHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = approveDraftHandler(purchasesPageRoutes.approvePurchaseOrder, DOCUMENT_PAGES.purchase_order);
