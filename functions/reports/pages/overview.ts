import { overview } from '../../../shared/reports/pages/overview-figures.ts';
import { overviewPage } from '../../../shared/reports/pages/overview.tsx';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { reportsPageRoutes } from './routes.ts';

export const handler = defineDashboardPage(reportsPageRoutes.overview, async ({ viewer }) => html(200, overviewPage({ viewer, data: await overview(viewer.business.id, new Date().toISOString().slice(0, 10)) })));
