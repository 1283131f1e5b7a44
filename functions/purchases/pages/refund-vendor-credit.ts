import { SALES_DOCUMENTS } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { refundCreditHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = refundCreditHandler(purchasesPageRoutes.refundVendorCredit, SALES_DOCUMENTS.vendor_credit);
