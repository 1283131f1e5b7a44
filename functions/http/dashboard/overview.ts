import { overview } from '../../../shared/dashboard/overview.ts';
import { overviewPage } from '../../../shared/dashboard/views/overview.tsx';
import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { html } from '../../../shared/http/web.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = defineDashboardPage(dashboardRoutes.overview, async ({ viewer }) => html(200, overviewPage({ viewer, data: await overview(viewer.business.id, new Date().toISOString().slice(0, 10)) })));
