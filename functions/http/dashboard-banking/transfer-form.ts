import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { html } from '../../../shared/http/web.ts';
import { drawTransferForm } from './banking-forms.ts';
import { dashboardBankingRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.transferForm, async ({ viewer }) => html(200, await drawTransferForm(viewer)));
