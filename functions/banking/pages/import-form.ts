import { defineDashboardPage } from '../../../shared/access/index.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { drawImportForm } from './banking-forms.ts';
import { dashboardBankingRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.importForm, async ({ viewer, id }) => html(200, await drawImportForm(viewer, id)));
