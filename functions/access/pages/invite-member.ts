import { bodyOf, typedOf } from '../../../shared/platform/web/record-form-rules.ts';
import { INVITATION_FIELDS } from '../../../shared/access/pages/settings-fields.ts';
import { membersPage } from '../../../shared/access/pages/members.tsx';
import { refusalOf } from '../../../shared/platform/http/form-refusal.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { inviteMember, listMembers } from '../../../shared/access/members/members.ts';
import { MemberCreateInput } from '../../../shared/access/members/schemas.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

/** The invitation is signed by the user who sent it; a refused one comes back on the page as it was typed. */
export const handler = defineDashboardPage(rows.inviteMember, async ({ viewer, form }) => {
  const typed = typedOf(form, INVITATION_FIELDS);
  try {
    const body = parseInput(MemberCreateInput, bodyOf(INVITATION_FIELDS, typed, 'create'), 'form');
    const user = viewer.session.user;
    await inviteMember(viewer.business.id, body, { userId: user.id, name: user.name });
    return redirect('/dashboard/settings/members?notice=member_invited');
  } catch (error) {
    const refused = refusalOf(error);
    return html(refused.status, membersPage({ viewer, members: await listMembers(viewer.business.id, { page: 1, pageSize: 25 }), invitation: { typed, problems: refused.problems } }), [], { headers: refused.headers });
  }
});
