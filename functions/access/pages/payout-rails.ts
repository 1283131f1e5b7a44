import { noticeOf } from '../../../shared/sales/index.ts';
import { RailListQuery } from '../../../shared/banking/index.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { filledQueryOf } from '../../../shared/access/http/define-dashboard.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { drawPayoutRails } from './settings-pages.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.payoutRails, async ({ viewer, event }) => {
  const query = parseInput(RailListQuery, filledQueryOf(event), 'query');
  return html(200, await drawPayoutRails(viewer, pageRequestOf(query), { notice: noticeOf(event.queryStringParameters?.notice) }));
});
