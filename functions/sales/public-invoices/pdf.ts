import { publicInvoicePdf } from '../../../shared/sales/public-invoice.ts';
import { definePublicHandler } from '../../../shared/platform/http/define-public.ts';
import { pdf } from '../../../shared/platform/http/responses.ts';
import { admitted, PUBLIC_INVOICE_HEADERS } from './headers.ts';
import { publicInvoicesRoutes } from './routes.ts';

export const handler = definePublicHandler(publicInvoicesRoutes.pdf, async ({ event }) => pdf('Invoice PDF', await publicInvoicePdf(await admitted(event)), PUBLIC_INVOICE_HEADERS));
