import { documentPdf } from '../../../shared/documents/document-pdf.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { pdf } from '../../../shared/http/responses.ts';
import { salesOrdersRoutes } from './routes.ts';

export const handler = defineHandler(salesOrdersRoutes.pdf, async ({ businessId, id }) => pdf('A sales order as a PDF', await documentPdf('sales_order', businessId, id)));
