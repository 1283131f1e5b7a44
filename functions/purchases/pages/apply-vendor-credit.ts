import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { applyCreditHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = applyCreditHandler(purchasesPageRoutes.applyVendorCredit, DOCUMENT_PAGES.vendor_credit);
