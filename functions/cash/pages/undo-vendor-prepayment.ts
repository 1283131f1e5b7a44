import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { undoCreditHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = undoCreditHandler(cashPageRoutes.undoVendorPrepayment, DOCUMENT_PAGES.vendor_prepayment);
