import { DOCUMENT_PAGES, refundCreditHandler } from '../../../shared/sales/index.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = refundCreditHandler(cashPageRoutes.refundPrepayment, DOCUMENT_PAGES.prepayment);
