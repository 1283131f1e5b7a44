import { noticeOf } from '../../../shared/sales/index.ts';
import { membersPage } from '../../../shared/access/pages/members.tsx';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/http/define-dashboard.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { listMembers } from '../../../shared/access/members/members.ts';
import { MemberListQuery } from '../../../shared/access/members/schemas.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.members, async ({ viewer, event }) => {
  const query = parseInput(MemberListQuery, filledQueryOf(event), 'query');
  return html(200, membersPage({ viewer, members: await listMembers(viewer.business.id, pageRequestOf(query)), notice: noticeOf(event.queryStringParameters?.notice) }));
});
