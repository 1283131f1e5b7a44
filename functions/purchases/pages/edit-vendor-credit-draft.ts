import { EDITORS, draftEditHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = draftEditHandler(purchasesPageRoutes.editVendorCreditDraft, EDITORS.vendor_credit);
