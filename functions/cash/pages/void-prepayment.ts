import { DOCUMENT_PAGES, voidSalesDocumentHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = voidSalesDocumentHandler(cashPageRoutes.voidPrepayment, DOCUMENT_PAGES.prepayment);
