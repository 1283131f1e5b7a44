import { BUSINESS_COOKIE, BUSINESS_COOKIE_SECONDS, defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { ApiError } from '../../../shared/platform/http/errors.ts';
import { redirect, setCookie } from '../../../shared/platform/http/web.ts';
import { normalizeId } from '../../../shared/platform/core/ids.ts';
import { membershipOf } from '../../../shared/access/members/memberships.ts';
import { dashboardShellRoutes } from './routes.ts';

/** The business picker's choice: only a business the user belongs to is remembered. */
export const handler = defineDashboardPage(dashboardShellRoutes.pickBusiness, async ({ viewer, form }) => {
  const picked = normalizeId(form.business_id?.[0] ?? '');
  const membership = picked ? await membershipOf(viewer.session.user.id, picked) : undefined;
  if (!membership) throw new ApiError(404, 'not_found', 'You do not belong to that business.');
  return redirect('/dashboard', [setCookie(BUSINESS_COOKIE, membership.business_id, BUSINESS_COOKIE_SECONDS)]);
});
