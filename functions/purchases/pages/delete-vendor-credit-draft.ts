import { DOCUMENT_PAGES, deleteDraftHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = deleteDraftHandler(purchasesPageRoutes.deleteVendorCreditDraft, DOCUMENT_PAGES.vendor_credit);
