import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { changeMemberRole } from '../../../shared/access/members/members.ts';
import { MemberPatchInput } from '../../../shared/access/members/schemas.ts';
import { fieldOf } from './forms.ts';
import { memberChange } from './member-change.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.updateMember, ({ viewer, form, id }) =>
  memberChange(viewer, async () => {
    const body = parseInput(MemberPatchInput, { role: fieldOf(form, 'role') ?? '' }, 'form');
    await changeMemberRole(viewer.business.id, id, body.role);
    return redirect('/dashboard/settings/members?notice=member_updated');
  }),
);
