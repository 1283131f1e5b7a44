import { DOCUMENT_PAGES, salesDocumentPdfHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = salesDocumentPdfHandler(purchasesPageRoutes.purchaseOrderPdf, DOCUMENT_PAGES.purchase_order);
