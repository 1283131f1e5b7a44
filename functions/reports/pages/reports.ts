import { reportsIndexPage } from '../../../shared/reports/pages/reports.tsx';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { reportsPageRoutes } from './routes.ts';

export const handler = defineDashboardPage(reportsPageRoutes.reports, async ({ viewer }) => html(200, reportsIndexPage(viewer)));
