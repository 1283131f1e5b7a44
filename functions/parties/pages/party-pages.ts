import { noticeOf, type Side } from '../../../shared/sales/index.ts';
import { partyListPage } from '../../../shared/parties/pages/parties.tsx';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { PartyListQuery } from '../../../shared/parties/schemas.ts';
import { parties } from '../../../shared/parties/parties.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/index.ts';
import type { RouteRow } from '../../../shared/platform/http/route.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';

/** Customers and vendors share their list page. */
export const partyListHandler = <const R extends RouteRow & { readonly auth: 'browser' }>(route: R, side: Side) =>
  defineDashboardPage(route, async ({ viewer, event }) => {
    const query = parseInput(PartyListQuery, filledQueryOf(event), 'query');
    return html(200, partyListPage({ viewer, side, result: await parties(side.party).list(viewer.business.id, pageRequestOf(query)), notice: noticeOf(event.queryStringParameters?.notice) }));
  });
