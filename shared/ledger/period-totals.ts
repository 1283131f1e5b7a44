import { businessKey, periodTotalsPk, type Key } from '../platform/db/keys.ts';
import { getItem, queryExactNumbers } from '../platform/db/query.ts';
import type { WriteTransaction } from '../platform/db/transaction.ts';
import type { Id } from '../platform/core/ids.ts';
import { balanceDeltas, periodsOf, periodsUpTo, sumPeriodTotals } from './period-totals-rules.ts';
import type { PostedEntry } from './trial-balance.ts';
import type { Balances } from './period-totals-rules.ts';
import { cashBasisPk } from './cash-basis.ts';

/** Moves the day and month totals of the entry's date, inside the posting's own transaction (read-your-writes). */
export function addToPeriodTotals(tx: WriteTransaction, businessId: Id, entry: PostedEntry & { readonly date: string }, homeCurrency: string): void {
  const deltas = balanceDeltas(entry, homeCurrency);
  for (const { grain, period } of periodsOf(entry.date)) tx.tally('PERIODTOTAL:add', periodTotalKey(businessId, grain, period), deltas);
}

/** The business's home currency (its `base_currency`). */
export async function homeCurrencyOf(businessId: Id): Promise<string> {
  return String((await getItem(businessKey(businessId)))?.currency);
}

/** Accrual: as posted. Cash: with each invoice's, bill's and credit note's cash-basis gap (`cash-basis.ts`). */
export type Basis = 'accrual' | 'cash';

/**
 * Every account's net per currency and in the home currency at the end of `asOf`: the months before its month,
 * then the days of its month; on the cash basis, the gap items of the same periods too (read alongside).
 */
export async function balancesAsOf(businessId: Id, asOf: string, homeCurrency: string | Promise<string>, basis: Basis = 'accrual'): Promise<Balances> {
  const { months, days } = periodsUpTo(asOf);
  const pks = basis === 'cash' ? [periodTotalsPk(businessId), cashBasisPk(businessId)] : [periodTotalsPk(businessId)];
  // The home currency may still be being read: the totals are read alongside it, not after it.
  const [items, home] = await Promise.all([Promise.all(pks.flatMap((pk) => [queryExactNumbers(pk, `M#${months[0]}`, `M#${months[1]}`), queryExactNumbers(pk, `D#${days[0]}`, `D#${days[1]}`)])), homeCurrency]);
  return sumPeriodTotals(items.flat(), home);
}

/**
 * What the rebuild derives, by version: 1, balances, dated counts and open markers; 2, the rank counts of the
 * lists ordered by name; 3, dated counts per year (on the lists' counters; a party's in year items that replace
 * its month items); 4, home-currency balances (`h:` attributes), the realized gains account and the rate of every
 * posting booked before rates; 5, the documents-by-status projection; 6, bank-feed lines' statuses, their counts per
 * account, day and year (in the account's own count items) and their amounts per status; 7, the status projection
 * without entries for open invoices and bills (the open-documents index lists those); 8, the unmatched postings'
 * per-account entries kept as counts alone, without items; 9, the general ledger's lines per account; 10, the cash-basis gaps of invoices, bills and credit notes; 11, the unmatched postings counted over their spans, listed, and the lines matched to later postings; 12, the tax return's per-rate figures (`t:`), and relief records naming their documents' dates; 13, each party's lines on its control account in the general ledger's projection (statements); 14, relief records describing their documents (`m#`), so a report of a past date reads no document closed since; the tracking options' totals checked like the period totals; 15, the status projection's entries ordered by number then id (a number is not unique within a type); 16, the amount index's items naming the party of their posting or document (a screen of bank lines reads the names beside the records). Books marked
 * with an older version are rebuilt by the local runtime's catch-up.
 */
const LEDGER_BUILD_VERSION = 16;

/** Records that this business's totals cover its whole journal and lists (a new business: trivially). */
export function markLedgerBuilt(tx: WriteTransaction, businessId: Id, at: string): void {
  tx.put('PERIODTOTAL:built', { ...ledgerBuiltKey(businessId), built_at: at, build_version: LEDGER_BUILD_VERSION });
}

export async function isLedgerBuilt(businessId: Id): Promise<boolean> {
  const built = await getItem(ledgerBuiltKey(businessId));
  return Number(built?.build_version ?? 1) >= LEDGER_BUILD_VERSION && built !== undefined;
}

/**
 * A business's running totals of one period (a day `D#2026-11-22` or a month `M#2026-11`): every account's net in
 * every currency, moved by each posting dated in it. Kept in a partition of their own, so a report reads them as
 * one range.
 */
export function periodTotalKey(businessId: Id, grain: 'D' | 'M', period: string): Key {
  return { pk: periodTotalsPk(businessId), sk: `${grain}#${period}` };
}

/**
 * Present once a business's period totals and open markers are known to cover its whole journal: written when the
 * business is created, or by the rebuild for books posted before the totals existed.
 */
export function ledgerBuiltKey(businessId: Id): Key {
  return { pk: periodTotalsPk(businessId), sk: 'BUILT' };
}
