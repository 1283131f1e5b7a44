import { SALES_DOCUMENTS } from '../../shared/sales/pages/sales-documents-rules.ts';
import { salesDocumentPageHandler } from './sales-document-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = salesDocumentPageHandler(dashboardRoutes.estimate, SALES_DOCUMENTS.estimate);
