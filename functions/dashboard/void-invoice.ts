import { SIDES } from '../../shared/sales/pages/sides.ts';
import { voidDocumentHandler } from './document-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = voidDocumentHandler(dashboardRoutes.voidInvoice, SIDES.invoice);
