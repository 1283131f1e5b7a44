import { businessNames } from '../../../shared/access/businesses/businesses.ts';
import { businessesPage } from '../../../shared/access/pages/businesses.tsx';
import { pageRequestOf, PagingQuery } from '../../../shared/platform/core/fields.ts';
import { membershipsPage } from '../../../shared/access/members/memberships.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/http/define-dashboard.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
import * as v from 'valibot';
import { dashboardShellRoutes } from './routes.ts';

const BusinessesQuery = v.strictObject({ ...PagingQuery });

/** The business picker: the names of one page of the user's businesses are read, never all of them. */
export const handler = defineDashboardPage(dashboardShellRoutes.businesses, async ({ viewer, event }) => {
  const request = pageRequestOf(parseInput(BusinessesQuery, filledQueryOf(event), 'query'));
  const onPage = await membershipsPage(viewer.session.user, request);
  const names = await businessNames(onPage.items.map((membership) => membership.business_id));
  return html(200, businessesPage({ viewer, result: { ...onPage, items: onPage.items.map((membership) => ({ id: membership.business_id, name: names.get(membership.business_id) ?? '', role: membership.role })) } }));
});
