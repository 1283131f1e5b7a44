import { noticeOf } from '../../../shared/dashboard/sides.ts';
import { webhooksPage } from '../../../shared/dashboard/views/settings.tsx';
import { EndpointListQuery } from '../../../shared/webhooks/schemas.ts';
import { listEndpoints } from '../../../shared/webhooks/endpoints.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { parseInput } from '../../../shared/http/validate.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/http/define-dashboard.ts';
import { html } from '../../../shared/http/web.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.webhooks, async ({ viewer, event }) => {
  const query = parseInput(EndpointListQuery, filledQueryOf(event), 'query');
  return html(200, webhooksPage({ viewer, endpoints: await listEndpoints(viewer.business.id, pageRequestOf(query)), notice: noticeOf(event.queryStringParameters?.notice) }));
});
