import { SIDES } from '../../../shared/sales/pages/sides.ts';
import { documentPageHandler } from '../../../shared/sales/pages/document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = documentPageHandler(salesPageRoutes.invoice, SIDES.invoice);
