import { documentPdf } from '../../../shared/sales/document-pdf.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { pdf } from '../../../shared/platform/http/responses.ts';
import { salesOrdersRoutes } from './routes.ts';

export const handler = defineHandler(salesOrdersRoutes.pdf, async ({ businessId, id }) => pdf('A sales order as a PDF', await documentPdf('sales_order', businessId, id)));
