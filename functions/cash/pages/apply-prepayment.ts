import { DOCUMENT_PAGES } from '../../../shared/sales/index.ts';
import { applyCreditHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = applyCreditHandler(cashPageRoutes.applyPrepayment, DOCUMENT_PAGES.prepayment);
