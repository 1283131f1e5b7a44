import { SIDES } from '../../../shared/sales/index.ts';
import { voidDocumentHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = voidDocumentHandler(purchasesPageRoutes.voidBill, SIDES.bill);
