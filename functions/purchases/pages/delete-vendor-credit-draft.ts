import { DOCUMENT_PAGES } from '../../../shared/sales/index.ts';
import { deleteDraftHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = deleteDraftHandler(purchasesPageRoutes.deleteVendorCreditDraft, DOCUMENT_PAGES.vendor_credit);
