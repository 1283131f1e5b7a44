import { DOCUMENT_PAGES, salesDocumentListHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = salesDocumentListHandler(purchasesPageRoutes.vendorCredits, DOCUMENT_PAGES.vendor_credit);
