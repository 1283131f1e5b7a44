import { SIDES } from '../../../shared/sales/pages/sides.ts';
import { documentListHandler } from '../../../shared/sales/pages/document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = documentListHandler(purchasesPageRoutes.bills, SIDES.bill);
