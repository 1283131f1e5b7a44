import { NotFound } from '../../../shared/platform/core/errors.ts';
import { grantStore, revokeGrant } from '../../../shared/access/oauth/grants.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.revokeConnectedApp, async ({ viewer, id }) => {
  const grant = await grantStore.get(viewer.business.id, id);
  // The user's own grants, or any member's for an owner: anyone else's is answered like one that does not exist.
  const own = grant?.record.user_id === viewer.session.user.id;
  if (!grant || (!own && viewer.business.role !== 'owner')) throw new NotFound('connected app');
  await revokeGrant(viewer.business.id, grant.record.id, own ? 'revoked by the user' : 'revoked by an owner of the business');
  return redirect('/dashboard/settings/connected-apps?notice=app_revoked');
});
