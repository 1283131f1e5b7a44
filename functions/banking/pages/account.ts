import { listLines } from '../../../shared/banking/lines.ts';
import { noticeOf } from '../../../shared/sales/pages/sides.ts';
import { bankAccountPage } from '../../../shared/banking/pages/banking.tsx';
import { LINE_STATUSES } from '../../../shared/banking/bank-reconciliation.ts';
import { pageRequestOf, PagingQuery } from '../../../shared/platform/core/fields.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/http/define-dashboard.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
import * as v from 'valibot';
import { dashboardBankingRoutes as rows } from './routes.ts';
import { accountSummary } from './summaries.ts';

const AccountQuery = v.strictObject({ ...PagingQuery, status: v.optional(v.picklist(LINE_STATUSES, `must be one of ${LINE_STATUSES.join(', ')}`)), notice: v.optional(v.string()) });

/** An account's balances and one page of its lines of one status (unmatched first). */
export const handler = defineDashboardPage(rows.account, async ({ viewer, id, event }) => {
  const query = parseInput(AccountQuery, { ...filledQueryOf(event), ...(event.queryStringParameters?.notice ? { notice: event.queryStringParameters.notice } : {}) }, 'query');
  const status = query.status ?? 'unmatched';
  const [account, lines] = await Promise.all([accountSummary(viewer.business.id, id), listLines(viewer.business.id, id, pageRequestOf(query), { status })]);
  return html(200, bankAccountPage({ viewer, account, status, lines, notice: noticeOf(query.notice) }));
});
