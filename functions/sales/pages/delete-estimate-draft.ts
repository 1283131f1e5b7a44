import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { deleteDraftHandler } from '../../../shared/sales/pages/document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = deleteDraftHandler(salesPageRoutes.deleteEstimateDraft, DOCUMENT_PAGES.estimate);
