import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { undoCreditHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = undoCreditHandler(purchasesPageRoutes.undoVendorCredit, DOCUMENT_PAGES.vendor_credit);
