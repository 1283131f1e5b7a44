import { SIDES } from '../../../shared/sales/pages/sides.ts';
import { documentListHandler } from '../../../shared/sales/pages/document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = documentListHandler(salesPageRoutes.invoices, SIDES.invoice);
