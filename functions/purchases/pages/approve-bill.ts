import { SIDES } from '../../../shared/sales/pages/sides.ts';
import { approveDraftHandler } from '../../../shared/sales/pages/document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = approveDraftHandler(purchasesPageRoutes.approveBill, SIDES.bill);
