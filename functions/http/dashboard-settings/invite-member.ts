import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { parseInput } from '../../../shared/http/validate.ts';
import { originOf, redirect } from '../../../shared/http/web.ts';
import { inviteMember } from '../../../shared/members/members.ts';
import { MemberCreateInput } from '../../../shared/members/schemas.ts';
import { fieldOf } from './forms.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

/** The invitation is signed by the user who sent it. */
export const handler = defineDashboardPage(rows.inviteMember, async ({ viewer, form, event }) => {
  const body = parseInput(MemberCreateInput, { email: fieldOf(form, 'email') ?? '', role: fieldOf(form, 'role') ?? '' }, 'form');
  const user = viewer.session.user;
  await inviteMember(viewer.business.id, body, { userId: user.id, name: user.name }, originOf(event));
  return redirect('/dashboard/settings/members?notice=member_invited');
});
