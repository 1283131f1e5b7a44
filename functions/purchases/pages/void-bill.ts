import { SIDES, voidDocumentHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = voidDocumentHandler(purchasesPageRoutes.voidBill, SIDES.bill);
