import { SALES_DOCUMENTS } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { applyCreditHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = applyCreditHandler(salesPageRoutes.applyCredit, SALES_DOCUMENTS.credit_note);
