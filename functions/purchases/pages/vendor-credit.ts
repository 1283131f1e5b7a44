import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { salesDocumentPageHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = salesDocumentPageHandler(purchasesPageRoutes.vendorCredit, DOCUMENT_PAGES.vendor_credit);
