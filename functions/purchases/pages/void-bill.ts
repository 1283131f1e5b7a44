import { SIDES } from '../../../shared/sales/pages/sides.ts';
import { voidDocumentHandler } from '../../../shared/sales/pages/document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = voidDocumentHandler(purchasesPageRoutes.voidBill, SIDES.bill);
