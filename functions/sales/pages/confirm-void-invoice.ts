import { confirmVoidHandler } from '../../../shared/sales/pages/document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = confirmVoidHandler(salesPageRoutes.confirmVoidInvoice, 'invoice', '/dashboard/invoices');
