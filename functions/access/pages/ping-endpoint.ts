import { pingEndpoint } from '../../../shared/webhooks/index.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.pingEndpoint, async ({ viewer, id }) => {
  await pingEndpoint(viewer.business.id, id);
  return redirect(`/dashboard/settings/webhooks/${id}?notice=ping_sent`);
});
