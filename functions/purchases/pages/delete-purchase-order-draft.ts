import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { deleteDraftHandler } from '../../../shared/sales/pages/document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = deleteDraftHandler(purchasesPageRoutes.deletePurchaseOrderDraft, DOCUMENT_PAGES.purchase_order);
