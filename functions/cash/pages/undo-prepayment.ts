import { DOCUMENT_PAGES, undoCreditHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = undoCreditHandler(cashPageRoutes.undoPrepayment, DOCUMENT_PAGES.prepayment);
