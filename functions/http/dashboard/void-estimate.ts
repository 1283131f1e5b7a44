import { SALES_DOCUMENTS } from '../../../shared/dashboard/sales-documents.ts';
import { voidSalesDocumentHandler } from './sales-document-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = voidSalesDocumentHandler(dashboardRoutes.voidEstimate, SALES_DOCUMENTS.estimate);
