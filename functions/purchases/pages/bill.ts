import { SIDES, documentPageHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = documentPageHandler(purchasesPageRoutes.bill, SIDES.bill);
