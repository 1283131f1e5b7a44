import { defineDashboardPage } from '../../../shared/access/index.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { drawTransferForm } from './banking-forms.ts';
import { dashboardBankingRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.transferForm, async ({ viewer }) => html(200, await drawTransferForm(viewer)));
