import { SALES_DOCUMENTS } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { salesDocumentListHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = salesDocumentListHandler(purchasesPageRoutes.purchaseOrders, SALES_DOCUMENTS.purchase_order);
