import { defineDashboardPage } from '../../../shared/access/index.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { drawEInvoiceForm } from './e-invoice-form-page.ts';
import { purchasesPageRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.eInvoiceForm, async ({ viewer }) => html(200, drawEInvoiceForm(viewer)));
