import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { applyCreditHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = applyCreditHandler(cashPageRoutes.applyVendorPrepayment, DOCUMENT_PAGES.vendor_prepayment);
