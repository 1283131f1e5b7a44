import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { refundCreditHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = refundCreditHandler(salesPageRoutes.refundCreditNote, DOCUMENT_PAGES.credit_note);
