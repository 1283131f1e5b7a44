import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { salesDocumentListHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = salesDocumentListHandler(purchasesPageRoutes.purchaseOrders, DOCUMENT_PAGES.purchase_order);
