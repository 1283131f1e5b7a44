import { SIDES } from '../../../shared/sales/pages/sides.ts';
import { deleteDraftHandler } from '../../../shared/sales/pages/document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = deleteDraftHandler(purchasesPageRoutes.deleteBillDraft, SIDES.bill);
