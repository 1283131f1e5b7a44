import { SALES_DOCUMENTS } from '../../shared/sales/pages/sales-documents-rules.ts';
import { applyCreditHandler } from './sales-document-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = applyCreditHandler(dashboardRoutes.applyCredit, SALES_DOCUMENTS.credit_note);
