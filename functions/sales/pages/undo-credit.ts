import { SALES_DOCUMENTS } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { undoCreditHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = undoCreditHandler(salesPageRoutes.undoCredit, SALES_DOCUMENTS.credit_note);
