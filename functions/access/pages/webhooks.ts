import { noticeOf } from '../../../shared/sales/index.ts';
import { EndpointListQuery } from '../../../shared/webhooks/index.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/http/define-dashboard.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { drawWebhooks } from './settings-pages.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.webhooks, async ({ viewer, event }) => {
  const query = parseInput(EndpointListQuery, filledQueryOf(event), 'query');
  return html(200, await drawWebhooks(viewer, pageRequestOf(query), { notice: noticeOf(event.queryStringParameters?.notice) }));
});
