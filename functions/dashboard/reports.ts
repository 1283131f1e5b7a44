import { reportsIndexPage } from '../../shared/reports/pages/reports.tsx';
import { defineDashboardPage } from '../../shared/access/http/define-dashboard.ts';
import { html } from '../../shared/platform/http/web.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = defineDashboardPage(dashboardRoutes.reports, async ({ viewer }) => html(200, reportsIndexPage(viewer)));
