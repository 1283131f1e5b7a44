import { BUSINESS_COOKIE, defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { closeEverySession } from '../../../shared/access/oauth/sessions.ts';
import { redirect, setCookie } from '../../../shared/platform/http/web.ts';
import { dashboardShellRoutes } from './routes.ts';

/** Ends every session of the user, in every browser (a lost laptop, a shared computer), this one included. */
export const handler = defineDashboardPage(dashboardShellRoutes.signOutEverywhere, async ({ viewer }) => {
  await closeEverySession(viewer.session.user.id, viewer.session.hash);
  return redirect(`/oauth/sign-in?return_to=${encodeURIComponent('/dashboard')}`, [setCookie('session', '', 0), setCookie(BUSINESS_COOKIE, '', 0)]);
});
