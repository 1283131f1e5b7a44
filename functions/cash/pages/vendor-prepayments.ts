import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { salesDocumentListHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = salesDocumentListHandler(cashPageRoutes.vendorPrepayments, DOCUMENT_PAGES.vendor_prepayment);
