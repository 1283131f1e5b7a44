import { invoiceLinkPage } from '../../../shared/dashboard/views/invoice-actions.tsx';
import { publicInvoiceLink } from '../../../shared/documents/public-links.ts';
import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { html } from '../../../shared/http/web.ts';
import { dashboardRoutes } from './routes.ts';

/** The invoice's public link, to copy: the same on every call (the API's `GET /invoices/{id}/link`). */
export const handler = defineDashboardPage(dashboardRoutes.invoiceLink, async ({ viewer, id }) => html(200, invoiceLinkPage({ viewer, invoiceId: id, url: (await publicInvoiceLink(viewer.business.id, id)).url })));
