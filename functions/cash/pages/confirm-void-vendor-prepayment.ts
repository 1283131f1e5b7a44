import { confirmVoidHandler } from '../../../shared/sales/pages/document-pages.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = confirmVoidHandler(cashPageRoutes.confirmVoidVendorPrepayment, 'vendor_prepayment', '/dashboard/vendor-prepayments');
