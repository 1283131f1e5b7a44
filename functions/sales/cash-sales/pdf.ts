import { documentPdf } from '../../../shared/sales/document-pdf.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { pdf } from '../../../shared/platform/http/responses.ts';
import { cashSalesRoutes } from './routes.ts';

export const handler = defineHandler(cashSalesRoutes.pdf, async ({ businessId, id }) => pdf('A cash sale as a PDF', await documentPdf('cash_sale', businessId, id)));
