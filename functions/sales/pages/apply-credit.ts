import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { applyCreditHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = applyCreditHandler(salesPageRoutes.applyCredit, DOCUMENT_PAGES.credit_note);
