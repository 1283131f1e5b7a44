import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { voidSalesDocumentHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = voidSalesDocumentHandler(salesPageRoutes.voidEstimate, DOCUMENT_PAGES.estimate);
