import { DOCUMENT_PAGES } from '../../../shared/sales/index.ts';
import { undoCreditHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = undoCreditHandler(cashPageRoutes.undoPrepayment, DOCUMENT_PAGES.prepayment);
