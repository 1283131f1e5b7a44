import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { linePage } from './line-page.ts';
import { dashboardBankingRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.line, async ({ viewer, id }) => html(200, await linePage(viewer, id)));
