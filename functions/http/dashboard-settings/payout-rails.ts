import { noticeOf } from '../../../shared/dashboard/sides.ts';
import { RailListQuery } from '../../../shared/banking/schemas.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { filledQueryOf } from '../../../shared/http/define-dashboard.ts';
import { parseInput } from '../../../shared/http/validate.ts';
import { html } from '../../../shared/http/web.ts';
import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { drawPayoutRails } from './settings-pages.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.payoutRails, async ({ viewer, event }) => {
  const query = parseInput(RailListQuery, filledQueryOf(event), 'query');
  return html(200, await drawPayoutRails(viewer, pageRequestOf(query), { notice: noticeOf(event.queryStringParameters?.notice) }));
});
