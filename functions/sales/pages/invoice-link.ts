import { invoiceLinkPage } from '../../../shared/sales/pages/invoice-actions.tsx';
import { publicInvoiceLink } from '../../../shared/sales/public-links.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { salesPageRoutes } from './routes.ts';

/** The invoice's public link, to copy: the same on every call (the API's `GET /invoices/{id}/link`). */
export const handler = defineDashboardPage(salesPageRoutes.invoiceLink, async ({ viewer, id }) => html(200, invoiceLinkPage({ viewer, invoiceId: id, url: (await publicInvoiceLink(viewer.business.id, id)).url })));
