import { noticeOf } from '../../../shared/sales/index.ts';
import { journalsPage } from '../../../shared/ledger/pages/journals.tsx';
import { pageRequestOf, PagingQuery } from '../../../shared/platform/core/fields.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/index.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { listJournalsOrDrafts } from '../../../shared/ledger/journal-drafts.ts';
import * as v from 'valibot';
import { ledgerPageRoutes } from './routes.ts';

const JournalsQuery = v.strictObject({ ...PagingQuery, status: v.optional(v.picklist(['draft'], 'must be draft or left out')) });

export const handler = defineDashboardPage(ledgerPageRoutes.journals, async ({ viewer, event }) => {
  const query = parseInput(JournalsQuery, filledQueryOf(event), 'query');
  return html(200, journalsPage({ viewer, journals: await listJournalsOrDrafts(viewer.business.id, pageRequestOf(query), { status: query.status }), drafts: query.status === 'draft', notice: noticeOf(event.queryStringParameters?.notice) }));
});
