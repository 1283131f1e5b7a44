import { memberRemovalPage } from '../../../shared/access/pages/members.tsx';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { removalPreview, removeMember } from '../../../shared/access/members/members.ts';
import { fieldOf } from './forms.ts';
import { memberChange } from './member-change.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

/**
 * Removing a joined member first shows what the removal ends (their keys, their connected apps) and removes only
 * when that page is confirmed; withdrawing an invitation ends nothing else, so it needs no second step.
 */
export const handler = defineDashboardPage(rows.removeMember, ({ viewer, id, form }) =>
  memberChange(viewer, async () => {
    const preview = await removalPreview(viewer.business.id, id);
    if (preview.member.status === 'active' && fieldOf(form, 'confirm') !== 'yes') return html(200, memberRemovalPage({ viewer, preview }));
    await removeMember(viewer.business.id, id);
    return redirect('/dashboard/settings/members?notice=member_removed');
  }),
);
