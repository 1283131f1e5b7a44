import { DOCUMENT_PAGES, voidSalesDocumentHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = voidSalesDocumentHandler(cashPageRoutes.voidVendorPrepayment, DOCUMENT_PAGES.vendor_prepayment);
