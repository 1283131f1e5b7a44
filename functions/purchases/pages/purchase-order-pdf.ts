import { SALES_DOCUMENTS } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { salesDocumentPdfHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = salesDocumentPdfHandler(purchasesPageRoutes.purchaseOrderPdf, SALES_DOCUMENTS.purchase_order);
