import { noticeOf } from '../../../shared/dashboard/sides.ts';
import { connectedAppsPage } from '../../../shared/dashboard/views/settings.tsx';
import { connectionsOf } from '../../../shared/oauth/grants.ts';
import { html } from '../../../shared/http/web.ts';
import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

/** The apps this user connected to this business: every member manages their own. */
export const handler = defineDashboardPage(rows.connectedApps, async ({ viewer, event }) => {
  const grants = (await connectionsOf(viewer.business.id, viewer.session.user.id)).map((grant) => ({ id: grant.id, app: grant.client_name, scopes: grant.scopes, since: grant.created_at }));
  return html(200, connectedAppsPage({ viewer, grants, notice: noticeOf(event.queryStringParameters?.notice) }));
});
