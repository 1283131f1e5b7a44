import { DOCUMENT_PAGES, applyCreditHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = applyCreditHandler(cashPageRoutes.applyPrepayment, DOCUMENT_PAGES.prepayment);
