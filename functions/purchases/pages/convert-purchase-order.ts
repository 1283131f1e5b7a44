import { DOCUMENT_PAGES } from '../../../shared/sales/index.ts';
import { convertHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = convertHandler(purchasesPageRoutes.convertPurchaseOrder, DOCUMENT_PAGES.purchase_order);
