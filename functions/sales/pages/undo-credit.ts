import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { undoCreditHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = undoCreditHandler(salesPageRoutes.undoCredit, DOCUMENT_PAGES.credit_note);
