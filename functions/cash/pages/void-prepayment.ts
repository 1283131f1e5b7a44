import { DOCUMENT_PAGES } from '../../../shared/sales/index.ts';
import { voidSalesDocumentHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = voidSalesDocumentHandler(cashPageRoutes.voidPrepayment, DOCUMENT_PAGES.prepayment);
