import { noticeOf } from '../../../shared/dashboard/sides.ts';
import { endpointPage } from '../../../shared/dashboard/views/settings.tsx';
import { DeliveryListQuery } from '../../../shared/webhooks/schemas.ts';
import { getEndpoint, toEndpointResource } from '../../../shared/webhooks/endpoints.ts';
import { listDeliveries } from '../../../shared/webhooks/deliveries.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { parseInput } from '../../../shared/http/validate.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/http/define-dashboard.ts';
import { html } from '../../../shared/http/web.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.endpoint, async ({ viewer, event, id }) => {
  const query = parseInput(DeliveryListQuery, filledQueryOf(event), 'query');
  const [endpoint, deliveries] = await Promise.all([getEndpoint(viewer.business.id, id), listDeliveries(viewer.business.id, id, pageRequestOf(query))]);
  return html(200, endpointPage({ viewer, endpoint: toEndpointResource(endpoint), deliveries, notice: noticeOf(event.queryStringParameters?.notice) }));
});
