import { listLines } from '../../../shared/banking/lines.ts';
import { noticeOf } from '../../../shared/sales/pages/sides.ts';
import { ACCOUNT_VIEWS, bankAccountPage, type AccountListing } from '../../../shared/banking/pages/banking.tsx';
import { unmatchedPostingsPage } from '../../../shared/banking/unmatched-postings.ts';
import { pageRequestOf, PagingQuery } from '../../../shared/platform/core/fields.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/http/define-dashboard.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
import * as v from 'valibot';
import { dashboardBankingRoutes as rows } from './routes.ts';
import { accountSummary } from './summaries.ts';

const AccountQuery = v.strictObject({ ...PagingQuery, status: v.optional(v.picklist(ACCOUNT_VIEWS, `must be one of ${ACCOUNT_VIEWS.join(', ')}`)), notice: v.optional(v.string()) });

/** An account's balances and one page of its lines of one status (unmatched first), or of the postings no line explains. */
export const handler = defineDashboardPage(rows.account, async ({ viewer, id, event }) => {
  const query = parseInput(AccountQuery, { ...filledQueryOf(event), ...(event.queryStringParameters?.notice ? { notice: event.queryStringParameters.notice } : {}) }, 'query');
  const status = query.status ?? 'unmatched';
  const [account, listing] = await Promise.all([
    accountSummary(viewer.business.id, id),
    status === 'postings' ? unmatchedPostingsPage(viewer.business.id, id, undefined, pageRequestOf(query)).then((postings): AccountListing => ({ view: status, postings })) : listLines(viewer.business.id, id, pageRequestOf(query), { status }).then((lines): AccountListing => ({ view: status, lines })),
  ]);
  return html(200, bankAccountPage({ viewer, account, listing, notice: noticeOf(query.notice) }));
});
