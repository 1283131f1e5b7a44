import { SALES_DOCUMENTS } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { approveDraftHandler } from '../../../shared/sales/pages/document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = approveDraftHandler(purchasesPageRoutes.approvePurchaseOrder, SALES_DOCUMENTS.purchase_order);
