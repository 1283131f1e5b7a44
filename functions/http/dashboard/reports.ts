import { reportsIndexPage } from '../../../shared/dashboard/views/reports.tsx';
import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { html } from '../../../shared/http/web.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = defineDashboardPage(dashboardRoutes.reports, async ({ viewer }) => html(200, reportsIndexPage(viewer)));
