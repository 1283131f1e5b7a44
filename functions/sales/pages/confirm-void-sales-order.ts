import { confirmVoidHandler } from '../../../shared/sales/pages/document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = confirmVoidHandler(salesPageRoutes.confirmVoidSalesOrder, 'sales_order', '/dashboard/sales-orders');
