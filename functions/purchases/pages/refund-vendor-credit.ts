import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { refundCreditHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = refundCreditHandler(purchasesPageRoutes.refundVendorCredit, DOCUMENT_PAGES.vendor_credit);
