import { DOCUMENT_PAGES } from '../../../shared/sales/index.ts';
import { salesDocumentListHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = salesDocumentListHandler(purchasesPageRoutes.vendorCredits, DOCUMENT_PAGES.vendor_credit);
