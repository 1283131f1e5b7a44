import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { voidSalesDocumentHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = voidSalesDocumentHandler(salesPageRoutes.voidSalesOrder, DOCUMENT_PAGES.sales_order);
