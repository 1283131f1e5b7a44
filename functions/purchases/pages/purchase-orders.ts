import { DOCUMENT_PAGES } from '../../../shared/sales/index.ts';
import { salesDocumentListHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = salesDocumentListHandler(purchasesPageRoutes.purchaseOrders, DOCUMENT_PAGES.purchase_order);
