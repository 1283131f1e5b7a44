import { SIDES } from '../../../shared/sales/pages/sides.ts';
import { voidDocumentHandler } from '../../../shared/sales/pages/document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = voidDocumentHandler(salesPageRoutes.voidInvoice, SIDES.invoice);
