import { noticeOf, type Side } from '../../../shared/sales/index.ts';
import { partyListPage } from '../../../shared/parties/pages/parties.tsx';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { PartyListQuery } from '../../../shared/parties/schemas.ts';
import { parties } from '../../../shared/parties/parties.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/index.ts';
import type { RouteRow } from '../../../shared/platform/http/route.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Id } from '../../../shared/platform/core/ids.ts';

/** Customers and vendors share their list page. */
export const partyListHandler = <const R extends RouteRow & { readonly auth: 'browser' }>(route: R, side: Side) =>
  defineDashboardPage(
    route,
    async ({ viewer, event, beside }) => {
      const result = await parties(side.party).list(viewer.business.id, pageRequestOf(queryOf(event)), beside);
      return html(200, partyListPage({ viewer, side, result, notice: noticeOf(event.queryStringParameters?.notice) }));
    },
    // A page past the first is placed by a walk down the list's rank tree: its first step goes beside the session.
    { readBesideSession: (businessId: Id, event: APIGatewayProxyEventV2) => parties(side.party).pageHead(businessId, pageRequestOf(queryOf(event))) },
  );

const queryOf = (event: APIGatewayProxyEventV2) => parseInput(PartyListQuery, filledQueryOf(event), 'query');
