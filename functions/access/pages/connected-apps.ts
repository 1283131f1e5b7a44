import { noticeOf } from '../../../shared/sales/index.ts';
import { connectedAppsPage } from '../../../shared/access/pages/settings.tsx';
import type { Id } from '../../../shared/platform/core/ids.ts';
import { businessConnections, connectionsOf } from '../../../shared/access/oauth/grants.ts';
import { getUser } from '../../../shared/access/users/users.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

/**
 * The apps connected to this business: every member manages their own, and an owner sees and may disconnect any
 * member's (each shown with the member who connected it).
 */
export const handler = defineDashboardPage(rows.connectedApps, async ({ viewer, event }) => {
  const owner = viewer.business.role === 'owner';
  const grants = owner ? await businessConnections(viewer.business.id) : await connectionsOf(viewer.business.id, viewer.session.user.id);
  const emails = new Map(await Promise.all([...new Set(grants.map((grant) => grant.user_id))].map(async (userId: Id) => [userId, (await getUser(userId))?.email ?? 'a former member'] as const)));
  return html(
    200,
    connectedAppsPage({
      viewer,
      everyMember: owner,
      grants: grants.map((grant) => ({ id: grant.id, app: grant.client_name, scopes: grant.scopes, since: grant.created_at, member: emails.get(grant.user_id) ?? '' })),
      notice: noticeOf(event.queryStringParameters?.notice),
    }),
  );
});
