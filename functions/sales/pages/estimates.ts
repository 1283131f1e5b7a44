import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { salesDocumentListHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = salesDocumentListHandler(salesPageRoutes.estimates, DOCUMENT_PAGES.estimate);
