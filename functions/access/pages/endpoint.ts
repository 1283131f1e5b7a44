import { noticeOf } from '../../../shared/sales/index.ts';
import { DeliveryListQuery } from '../../../shared/webhooks/index.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/http/define-dashboard.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { drawEndpoint } from './settings-pages.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.endpoint, async ({ viewer, event, id }) => {
  const query = parseInput(DeliveryListQuery, filledQueryOf(event), 'query');
  return html(200, await drawEndpoint(viewer, id, pageRequestOf(query), { notice: noticeOf(event.queryStringParameters?.notice) }));
});
