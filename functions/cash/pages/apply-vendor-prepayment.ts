import { DOCUMENT_PAGES, applyCreditHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = applyCreditHandler(cashPageRoutes.applyVendorPrepayment, DOCUMENT_PAGES.vendor_prepayment);
