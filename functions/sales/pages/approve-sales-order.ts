import { SALES_DOCUMENTS } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { approveDraftHandler } from '../../../shared/sales/pages/document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = approveDraftHandler(salesPageRoutes.approveSalesOrder, SALES_DOCUMENTS.sales_order);
