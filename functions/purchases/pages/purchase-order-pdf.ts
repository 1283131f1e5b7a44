import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { salesDocumentPdfHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = salesDocumentPdfHandler(purchasesPageRoutes.purchaseOrderPdf, DOCUMENT_PAGES.purchase_order);
