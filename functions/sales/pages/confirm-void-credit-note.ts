import { confirmVoidHandler } from '../../../shared/sales/pages/document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = confirmVoidHandler(salesPageRoutes.confirmVoidCreditNote, 'credit_note', '/dashboard/credit-notes');
