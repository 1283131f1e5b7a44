import { noticeOf } from '../../../shared/dashboard/sides.ts';
import { ApiKeyListQuery } from '../../../shared/keys/schemas.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { filledQueryOf } from '../../../shared/http/define-dashboard.ts';
import { parseInput } from '../../../shared/http/validate.ts';
import { html } from '../../../shared/http/web.ts';
import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { drawApiKeys } from './settings-pages.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.apiKeys, async ({ viewer, event }) => {
  const query = parseInput(ApiKeyListQuery, filledQueryOf(event), 'query');
  return html(200, await drawApiKeys(viewer, pageRequestOf(query), { notice: noticeOf(event.queryStringParameters?.notice) }));
});
