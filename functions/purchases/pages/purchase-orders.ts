import { DOCUMENT_PAGES, salesDocumentListHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = salesDocumentListHandler(purchasesPageRoutes.purchaseOrders, DOCUMENT_PAGES.purchase_order);
