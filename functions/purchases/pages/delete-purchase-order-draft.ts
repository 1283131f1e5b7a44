import { SALES_DOCUMENTS } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { deleteDraftHandler } from '../../../shared/sales/pages/document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = deleteDraftHandler(purchasesPageRoutes.deletePurchaseOrderDraft, SALES_DOCUMENTS.purchase_order);
