import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { approveDraftHandler } from '../../../shared/sales/pages/document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = approveDraftHandler(purchasesPageRoutes.approveVendorCredit, DOCUMENT_PAGES.vendor_credit);
