import { DOCUMENT_PAGES, salesDocumentPageHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = salesDocumentPageHandler(purchasesPageRoutes.vendorCredit, DOCUMENT_PAGES.vendor_credit);
