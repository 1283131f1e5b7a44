import { deleteApiKey } from '../../../shared/access/keys/manage.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.revokeApiKey, async ({ viewer, id }) => {
  await deleteApiKey(viewer.business.id, id);
  return redirect('/dashboard/settings/api-keys?notice=key_revoked');
});
