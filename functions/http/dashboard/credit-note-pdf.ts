import { SALES_DOCUMENTS } from '../../../shared/dashboard/sales-documents.ts';
import { salesDocumentPdfHandler } from './sales-document-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = salesDocumentPdfHandler(dashboardRoutes.creditNotePdf, SALES_DOCUMENTS.credit_note);
