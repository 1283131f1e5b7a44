/** Journal entries as the API lists them: each line in its posting's currency and in the home currency. */
import type { Id } from '../platform/core/ids.ts';
import { toMajor } from '../platform/core/money.ts';
import { pageOfList, type Page, type PageRequest } from '../platform/core/paging.ts';
import { HOME_RATE, rateNumber } from './exchange.ts';
import { homeAmountsOf } from './home-amounts.ts';
import { entriesOfDocument, journalStore, type JournalEntryRecord } from './journal.ts';
import { homeCurrencyOf } from './period-totals.ts';
import { shownTracking } from './tracking/tracking-rules.ts';

export function toEntryResource(entry: JournalEntryRecord, homeCurrency: string) {
  const major = (minor: number) => toMajor(minor, entry.currency);
  const home = (minor: number) => toMajor(minor, homeCurrency);
  return {
    id: entry.id,
    document_id: entry.document_id,
    document_type: entry.document_type,
    document_no: entry.document_no,
    date: entry.date,
    currency: entry.currency,
    exchange_rate: rateNumber(entry.exchange_rate ?? HOME_RATE),
    lines: entry.lines.map((line) => {
      const base = homeAmountsOf(line, entry, homeCurrency);
      return { account_id: line.account_id, debit: major(line.debit), credit: major(line.credit), base_debit: home(base.base_debit), base_credit: home(base.base_credit), tracking: shownTracking(line.tracking) };
    }),
    reverses: entry.reverses,
    created_at: entry.created_at,
  };
}

export async function listJournalEntries(businessId: Id, documentId: Id | undefined, page: PageRequest): Promise<Page<ReturnType<typeof toEntryResource>>> {
  const home = homeCurrencyOf(businessId);
  if (documentId) {
    const [entries, homeCurrency] = await Promise.all([entriesOfDocument(businessId, documentId), home]);
    return pageOfList(entries, page, (entry) => toEntryResource(entry, homeCurrency));
  }
  const [result, homeCurrency] = await Promise.all([journalStore.page(businessId, page), home]);
  return { ...result, items: result.items.map((entry) => toEntryResource(entry, homeCurrency)) };
}
