import { SALES_DOCUMENTS } from '../../../shared/dashboard/sales-documents.ts';
import { applyCreditHandler } from './sales-document-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = applyCreditHandler(dashboardRoutes.applyCredit, SALES_DOCUMENTS.credit_note);
