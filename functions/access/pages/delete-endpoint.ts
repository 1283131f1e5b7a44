import { deleteEndpoint } from '../../../shared/webhooks/index.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.deleteEndpoint, async ({ viewer, id }) => {
  await deleteEndpoint(viewer.business.id, id);
  return redirect(`/dashboard/settings/webhooks?notice=endpoint_deleted`);
});
