import { publicInvoiceHtml } from '../../../shared/sales/public-invoice.ts';
import { definePublicHandler } from '../../../shared/platform/http/define-public.ts';
import { page } from '../../../shared/platform/http/responses.ts';
import { pageFileHeaders } from '../../../shared/platform/http/web.ts';
import { admitted, PUBLIC_INVOICE_HEADERS } from './headers.ts';
import { publicInvoicesRoutes } from './routes.ts';

export const handler = definePublicHandler(publicInvoicesRoutes.page, async ({ event }) => page('Invoice page', await publicInvoiceHtml(await admitted(event)), pageFileHeaders(PUBLIC_INVOICE_HEADERS)));
