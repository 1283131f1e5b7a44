import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { salesDocumentPdfHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = salesDocumentPdfHandler(salesPageRoutes.creditNotePdf, DOCUMENT_PAGES.credit_note);
