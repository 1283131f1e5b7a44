import { SIDES } from '../../../shared/sales/pages/sides.ts';
import { deleteDraftHandler } from '../../../shared/sales/pages/document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = deleteDraftHandler(salesPageRoutes.deleteInvoiceDraft, SIDES.invoice);
