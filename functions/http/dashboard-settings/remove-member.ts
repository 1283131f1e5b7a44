import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { redirect } from '../../../shared/http/web.ts';
import { removeMember } from '../../../shared/members/members.ts';
import { memberChange } from './member-change.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.removeMember, ({ viewer, id }) =>
  memberChange(viewer, async () => {
    await removeMember(viewer.business.id, id);
    return redirect('/dashboard/settings/members?notice=member_removed');
  }),
);
