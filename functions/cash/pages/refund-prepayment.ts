import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { refundCreditHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = refundCreditHandler(cashPageRoutes.refundPrepayment, DOCUMENT_PAGES.prepayment);
