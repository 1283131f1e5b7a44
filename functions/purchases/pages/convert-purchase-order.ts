import { DOCUMENT_PAGES, convertHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = convertHandler(purchasesPageRoutes.convertPurchaseOrder, DOCUMENT_PAGES.purchase_order);
