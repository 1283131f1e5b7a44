import { NotFound } from '../../../shared/domain/errors.ts';
import { grantStore, revokeGrant } from '../../../shared/oauth/grants.ts';
import { redirect } from '../../../shared/http/web.ts';
import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.revokeConnectedApp, async ({ viewer, id }) => {
  const grant = await grantStore.get(viewer.business.id, id);
  // Only the user's own grants: anyone else's is answered like one that does not exist.
  if (!grant || grant.record.user_id !== viewer.session.user.id) throw new NotFound('connected app');
  await revokeGrant(viewer.business.id, grant.record.id, 'revoked by the user');
  return redirect('/dashboard/settings/connected-apps?notice=app_revoked');
});
