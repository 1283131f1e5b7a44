import { SIDES } from '../../../shared/sales/index.ts';
import { documentPageHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = documentPageHandler(purchasesPageRoutes.bill, SIDES.bill);
