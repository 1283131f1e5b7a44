import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { voidSalesDocumentHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = voidSalesDocumentHandler(cashPageRoutes.voidPrepayment, DOCUMENT_PAGES.prepayment);
