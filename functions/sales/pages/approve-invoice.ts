import { SIDES } from '../../../shared/sales/pages/sides.ts';
import { approveDraftHandler } from '../../../shared/sales/pages/document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = approveDraftHandler(salesPageRoutes.approveInvoice, SIDES.invoice);
