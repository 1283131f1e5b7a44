import { SIDES } from '../../../shared/sales/pages/sides.ts';
import { documentPageHandler } from '../../../shared/sales/pages/document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = documentPageHandler(purchasesPageRoutes.bill, SIDES.bill);
