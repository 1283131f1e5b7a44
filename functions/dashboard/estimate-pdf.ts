import { SALES_DOCUMENTS } from '../../shared/sales/pages/sales-documents-rules.ts';
import { salesDocumentPdfHandler } from './sales-document-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = salesDocumentPdfHandler(dashboardRoutes.estimatePdf, SALES_DOCUMENTS.estimate);
