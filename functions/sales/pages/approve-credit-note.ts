import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { approveDraftHandler } from '../../../shared/sales/pages/document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = approveDraftHandler(salesPageRoutes.approveCreditNote, DOCUMENT_PAGES.credit_note);
