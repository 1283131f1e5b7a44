import { deleteRail } from '../../../shared/banking/index.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.deletePayoutRail, async ({ viewer, id }) => {
  await deleteRail(viewer.business.id, id);
  return redirect('/dashboard/settings/payout-rails?notice=rail_deleted');
});
