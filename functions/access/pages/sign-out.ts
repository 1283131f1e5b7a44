import { BUSINESS_COOKIE, defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { closeSession } from '../../../shared/access/oauth/sessions.ts';
import { redirect, setCookie } from '../../../shared/platform/http/web.ts';
import { dashboardShellRoutes } from './routes.ts';

export const handler = defineDashboardPage(dashboardShellRoutes.signOut, async ({ viewer }) => {
  await closeSession(viewer.session.hash);
  return redirect(`/oauth/sign-in?return_to=${encodeURIComponent('/dashboard')}`, [setCookie('session', '', 0), setCookie(BUSINESS_COOKIE, '', 0)]);
});
