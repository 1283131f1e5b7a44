import { deleteRail } from '../../../shared/banking/rails.ts';
import { redirect } from '../../../shared/http/web.ts';
import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.deletePayoutRail, async ({ viewer, id }) => {
  await deleteRail(viewer.business.id, id);
  return redirect('/dashboard/settings/payout-rails?notice=rail_deleted');
});
