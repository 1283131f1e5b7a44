import { DOCUMENT_PAGES, salesDocumentPageHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = salesDocumentPageHandler(purchasesPageRoutes.purchaseOrder, DOCUMENT_PAGES.purchase_order);
