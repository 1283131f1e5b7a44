/**
 * Offset paging at the cost of about one page, for lists ordered by a business date.
 *
 * DynamoDB cannot skip to the n-th item of a range; walking the keys before a page made page k cost k pages. So
 * every record of such a list is also counted per day and per month, in the business's period-total items
 * (`D#<date>`, `M#<month>`, the same items a posting's balances move, so a posting adds no item to its
 * transaction). A page's first record is then located by summing counts: the months of the list, the days of one
 * month, and the records of one day before it. A page reads at most (months of history) + 31 (+ 62 at the edges of
 * a date range) count items, plus the records of its first day that come before it, plus the page itself.
 */
import type { Id } from '../domain/ids.ts';
import { periodsOf } from '../domain/period-totals.ts';
import { partyTotalsPk, periodTotalsPk } from './keys.ts';
import { queryExactNumbers } from './query.ts';
import type { WriteTransaction } from './transaction.ts';

/** The attribute of a period item that counts one list's records dated in the period. */
export function countAttribute(kind: string, counter: string): string {
  return `n:${kind}:${counter}`;
}

/**
 * Where a list's counts are kept: the business's period-total items, or for one party's list, that party's own
 * day and month items (so that a party's page sums only its own counts).
 */
export interface CountScope {
  readonly pk: string;
  readonly skPrefix: string;
}

export function countScope(businessId: Id, partyId?: Id): CountScope {
  return partyId ? { pk: partyTotalsPk(businessId), skPrefix: `${partyId}#` } : { pk: periodTotalsPk(businessId), skPrefix: '' };
}

export function addDatedCount(tx: WriteTransaction, scope: CountScope, attribute: string, date: string, by: number): void {
  for (const { grain, period } of periodsOf(date)) tx.tally('PERIODTOTAL:count', { pk: scope.pk, sk: `${scope.skPrefix}${grain}#${period}` }, { [attribute]: by });
}

export interface DateRange {
  readonly from?: string;
  readonly to?: string;
}

const FIRST = '0000-01-01';
const LAST = '9999-12-31';

type Counts = { readonly period: string; readonly count: number }[];

async function countsOf(scope: CountScope, grain: 'D' | 'M', attribute: string, from: string, to: string): Promise<Counts> {
  const at = `${scope.skPrefix}${grain}#`;
  const items = await queryExactNumbers(scope.pk, `${at}${from}`, `${at}${to}`);
  return items.flatMap((item) => {
    const count = Number(item[attribute] ?? 0);
    return count > 0 ? [{ period: String(item.sk).slice(at.length), count }] : [];
  });
}

/** Per-month counts over a range, each edge month that the range cuts counted from its days. */
async function monthsWithin(scope: CountScope, attribute: string, from: string, to: string) {
  const [months, firstDays, lastDays] = await Promise.all([
    countsOf(scope, 'M', attribute, from.slice(0, 7), to.slice(0, 7)),
    from === FIRST ? Promise.resolve(undefined) : countsOf(scope, 'D', attribute, from, `${from.slice(0, 7)}-31`),
    to === LAST ? Promise.resolve(undefined) : countsOf(scope, 'D', attribute, `${to.slice(0, 7)}-01`, to),
  ]);
  const edges = new Map<string, Counts>();
  if (firstDays) edges.set(from.slice(0, 7), firstDays.filter((day) => day.period <= to));
  if (lastDays) edges.set(to.slice(0, 7), lastDays.filter((day) => day.period >= from));
  return months.map((month) => {
    const days = edges.get(month.period);
    return { month: month.period, count: days ? days.reduce((sum, day) => sum + day.count, 0) : month.count, days };
  });
}

/** How many records of the list lie in the range. */
export async function countWithin(scope: CountScope, attribute: string, range: DateRange): Promise<number> {
  const months = await monthsWithin(scope, attribute, range.from ?? FIRST, range.to ?? LAST);
  return months.reduce((sum, month) => sum + month.count, 0);
}

/**
 * Where the record at `offset` (0-based, within the range) lies: its day, and how many records of that day come
 * before it. Undefined when the range holds no more than `offset` records.
 */
export async function locateOffset(scope: CountScope, attribute: string, offset: number, range: DateRange): Promise<{ readonly day: string; readonly skip: number } | undefined> {
  const from = range.from ?? FIRST;
  const to = range.to ?? LAST;
  let before = 0;
  for (const month of await monthsWithin(scope, attribute, from, to)) {
    if (before + month.count <= offset) {
      before += month.count;
      continue;
    }
    const days = month.days ?? (await countsOf(scope, 'D', attribute, `${month.month}-01`, `${month.month}-31`));
    for (const day of days) {
      if (before + day.count > offset) return { day: day.period, skip: offset - before };
      before += day.count;
    }
    // The month's days add up to less than its own count: the counts drifted (ledger:rebuild repairs them).
    throw new Error(`Day counts of ${month.month} (${attribute}) do not add up to the month's`);
  }
  return undefined;
}

/** The counting a dated collection is built with (`collection`'s `dated.counts`). */
export const DATED_COUNTS = { add: addDatedCount, countWithin, locateOffset, countAttribute, countScope } as const;
export type DatedCounts = typeof DATED_COUNTS;
