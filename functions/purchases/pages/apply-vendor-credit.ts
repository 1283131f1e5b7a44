import { SALES_DOCUMENTS } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { applyCreditHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = applyCreditHandler(purchasesPageRoutes.applyVendorCredit, SALES_DOCUMENTS.vendor_credit);
