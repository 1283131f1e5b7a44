import { noticeOf } from '../../../shared/dashboard/sides.ts';
import { membersPage } from '../../../shared/dashboard/views/members.tsx';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/http/define-dashboard.ts';
import { parseInput } from '../../../shared/http/validate.ts';
import { html } from '../../../shared/http/web.ts';
import { listMembers } from '../../../shared/members/members.ts';
import { MemberListQuery } from '../../../shared/members/schemas.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.members, async ({ viewer, event }) => {
  const query = parseInput(MemberListQuery, filledQueryOf(event), 'query');
  return html(200, membersPage({ viewer, members: await listMembers(viewer.business.id, pageRequestOf(query)), notice: noticeOf(event.queryStringParameters?.notice) }));
});
