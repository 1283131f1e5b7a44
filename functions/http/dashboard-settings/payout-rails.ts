import { cashAccounts } from '../../../shared/dashboard/overview.ts';
import { noticeOf } from '../../../shared/dashboard/sides.ts';
import { payoutRailsPage } from '../../../shared/dashboard/views/settings.tsx';
import { RailListQuery } from '../../../shared/banking/schemas.ts';
import { listRails } from '../../../shared/banking/rails.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { filledQueryOf } from '../../../shared/http/define-dashboard.ts';
import { parseInput } from '../../../shared/http/validate.ts';
import { html } from '../../../shared/http/web.ts';
import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.payoutRails, async ({ viewer, event }) => {
  const query = parseInput(RailListQuery, filledQueryOf(event), 'query');
  const [rails, accounts] = await Promise.all([listRails(viewer.business.id, pageRequestOf(query)), cashAccounts(viewer.business.id, new Date().toISOString().slice(0, 10))]);
  return html(200, payoutRailsPage({ viewer, rails, accounts, notice: noticeOf(event.queryStringParameters?.notice) }));
});
