import { SALES_DOCUMENTS } from '../../shared/sales/pages/sales-documents-rules.ts';
import { voidSalesDocumentHandler } from './sales-document-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = voidSalesDocumentHandler(dashboardRoutes.voidEstimate, SALES_DOCUMENTS.estimate);
