import * as v from 'valibot';
import { bestMatchesOf } from '../../../shared/banking/suggestions.ts';
import { pageOfLines, toLineResource } from '../../../shared/banking/lines.ts';
import { ACCOUNT_VIEWS, bankAccountPage, type AccountListing, type ReconcileChoices } from '../../../shared/banking/pages/banking.tsx';
import { unmatchedPostingsPage } from '../../../shared/banking/unmatched-postings.ts';
import { chartOfAccounts } from '../../../shared/ledger/index.ts';
import { pageRequestOf, PagingQuery } from '../../../shared/platform/core/fields.ts';
import type { Id } from '../../../shared/platform/core/ids.ts';
import type { Viewer } from '../../../shared/platform/web/viewer.ts';
import { noticeOf } from '../../../shared/sales/index.ts';
import { categorizeChoices } from './line-page.ts';
import { accountSummary } from './summaries.ts';

export const AccountQuery = v.strictObject({ ...PagingQuery, status: v.optional(v.picklist(ACCOUNT_VIEWS, `must be one of ${ACCOUNT_VIEWS.join(', ')}`)), notice: v.optional(v.string()) });
export type AccountQuery = v.InferOutput<typeof AccountQuery>;

/**
 * An account's balances and one page of its lines of one status (unmatched first), or of the postings no line
 * explains. The unmatched lines, to one who may reconcile, come with each line's best match and the accounts to
 * categorize several against: the lines, the chart and the catch-up of the reader's writes side by side, then
 * every line's suggestions side by side.
 */
export async function accountPage(viewer: Viewer, id: Id, query: AccountQuery, problem?: string): Promise<string> {
  const businessId = viewer.business.id;
  const status = query.status ?? 'unmatched';
  const reconciling = status === 'unmatched' && viewer.scopes.has('finance_banking:create');
  const lines = status === 'postings' ? undefined : pageOfLines(businessId, id, pageRequestOf(query), { status });
  const [account, listing, reconcile] = await Promise.all([
    accountSummary(businessId, id),
    lines ? lines.then((page): AccountListing => ({ view: status as Exclude<typeof status, 'postings'>, lines: { ...page, items: page.items.map(toLineResource) } })) : unmatchedPostingsPage(businessId, id, undefined, pageRequestOf(query)).then((postings): AccountListing => ({ view: 'postings', postings })),
    reconciling && lines
      ? Promise.all([bestMatchesOf(businessId, lines.then((page) => page.items), viewer.scopes), chartOfAccounts(businessId)]).then(([best, chart]): ReconcileChoices => ({ best, accounts: categorizeChoices(chart) }))
      : undefined,
  ]);
  return bankAccountPage({ viewer, account, listing, reconcile, notice: noticeOf(query.notice), problem });
}
