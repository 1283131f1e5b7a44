import { SALES_DOCUMENTS } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { convertHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = convertHandler(salesPageRoutes.convertSalesOrder, SALES_DOCUMENTS.sales_order);
