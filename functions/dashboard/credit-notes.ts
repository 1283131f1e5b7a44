import { SALES_DOCUMENTS } from '../../shared/sales/pages/sales-documents-rules.ts';
import { salesDocumentListHandler } from './sales-document-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = salesDocumentListHandler(dashboardRoutes.creditNotes, SALES_DOCUMENTS.credit_note);
