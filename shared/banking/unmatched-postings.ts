/**
 * The postings on a cash-flow account no line explains as of a date (`GET /bank-feeds/accounts/{id}/unmatched-postings`),
 * in date order: those unmatched today dated up to the date, read from their list by date, merged with those
 * unmatched then and matched or voided since, read by the dates they closed on. A page costs the page, the walk to
 * its offset (keys only) and the postings closed since the date: never every posting the account ever had.
 */
import type { Id } from '../platform/core/ids.ts';
import { toMajor } from '../platform/core/money.ts';
import { offsetOf, paginate, type PageRequest } from '../platform/core/paging.ts';
import { cashFlowAccountAsOf } from './bank-accounts.ts';
import type { MatchType } from './bank-reconciliation.ts';
import { mergedWindow } from '../platform/core/merged-window.ts';
import { catchUpOwnWrites, openPostingsFrom, postingsClosedSince, unmatchedPostingsAsOf, type UnmatchedPostingEntry } from './amount-index.ts';

const orderKey = (entry: UnmatchedPostingEntry) => `${entry.date}#${entry.journal_entry_id}`;

export type UnmatchedPostingResource = Awaited<ReturnType<typeof unmatchedPostingsPage>>['items'][number];

export async function unmatchedPostingsPage(businessId: Id, accountId: Id, asOfInput: string | undefined, request: PageRequest) {
  const [{ currency, asOf }] = await Promise.all([cashFlowAccountAsOf(businessId, accountId, asOfInput), catchUpOwnWrites(businessId)]);
  const [closed, total] = await Promise.all([postingsClosedSince(businessId, accountId, asOf), unmatchedPostingsAsOf(businessId, accountId, asOf)]);
  const ordered = [...closed].sort((a, b) => (orderKey(a) < orderKey(b) ? -1 : 1));
  const entries = await mergedWindow((offset, limit) => openPostingsFrom(businessId, accountId, asOf, offset, limit), ordered, orderKey, offsetOf(request), request.pageSize);
  const resources = entries.map((entry) => ({
    journal_entry_id: entry.journal_entry_id,
    type: entry.type as MatchType,
    id: entry.id,
    no: entry.no ?? null,
    date: entry.date,
    amount: toMajor(entry.amount, currency),
    currency,
    until: entry.until ?? null,
  }));
  return paginate(resources, request, total.count);
}
