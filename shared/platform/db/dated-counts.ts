/**
 * Offset paging at the cost of about one page, for lists ordered by a business date.
 *
 * DynamoDB cannot skip to the n-th item of a range; walking the keys before a page made page k cost k pages. So
 * every record of such a list is also counted per day, month and year, each count kept on an item its transaction
 * writes anyway, so that counting adds no item to it:
 *
 * - a business's list: per day and month in the business's period-total items (`D#<date>`, `M#<month>`, the items
 *   a posting's balances move), and per year and month on the list's own counter item (`#COUNT#<view>`,
 *   `y:<year>` and `m:<month>`), which every create already moves;
 * - one party's list (no counter of its own): per day in the party's day items and per year and month in its year
 *   items (`<party>#Y#<year>`: the year's count, and each month's as `<attribute>@<MM>`).
 *
 * A page's first record is then located by summing years, the months of one year and the days of one month. A
 * business list's years and months come in one read, its counter item, when that item counts every record of the
 * year by month too (the months sum to the year: records counted before months were kept there leave a year short,
 * and its months are read from the period items instead), so a far page costs the counter, one month's days and
 * the page
 * (`countRange` of `dated-segments.ts`), then walking the records of its first day that come before it: at most
 * 1 + 12 + 31 count items for a business's list, (years of history) + 31 for a party's, plus that day's records,
 * plus the page. A date range counts its whole years as
 * they are and its edge years and months from their months and days, so `total_count` stays exact.
 */
import type { Id } from '../core/ids.ts';
import { clip, countRange, overlaps, type CountSource, type RangeCounts, type Segment } from './dated-segments.ts';
import { counterKey, partyTotalsPk, periodTotalsPk, type Key, type RecordKind } from './keys.ts';
import { queryExactNumbers } from './query.ts';
import type { WriteTransaction } from './transaction.ts';

/** The attribute of a period item that counts one list's records dated in the period. */
export function countAttribute(kind: string, counter: string): string {
  return `n:${kind}:${counter}`;
}

const YEAR_PREFIX = 'y:';

/** The attribute of a business list's counter item that counts its records dated in one year. */
function yearAttribute(year: string): string {
  return `${YEAR_PREFIX}${year}`;
}

const MONTH_PREFIX = 'm:';

/** The attribute of a business list's counter item that counts its records dated in one month (`2026-03`). */
function counterMonthAttribute(month: string): string {
  return `${MONTH_PREFIX}${month}`;
}

function monthAttribute(attribute: string, month: string): string {
  return `${attribute}@${month.slice(5, 7)}`;
}

/** Where a list's counts are kept: the business's items and the list's counter, or one party's items. */
export interface CountScope {
  readonly pk: string;
  readonly skPrefix: string;
  /** A business list's counter item, which counts its records per year; a party's list has none. */
  readonly counter?: Key;
}

export function countScope(businessId: Id, kind: RecordKind, view: { readonly counter: string; readonly party?: Id }): CountScope {
  return view.party ? { pk: partyTotalsPk(businessId), skPrefix: `${view.party}#` } : { pk: periodTotalsPk(businessId), skPrefix: '', counter: counterKey(businessId, kind, view.counter) };
}

/** The items, and the attribute of each, that count a record dated `date`. The rebuild recomputes them the same way. */
export function countedAt(scope: CountScope, attribute: string, date: string): readonly { readonly key: Key; readonly attribute: string }[] {
  const day = { key: { pk: scope.pk, sk: `${scope.skPrefix}D#${date}` }, attribute };
  if (scope.counter) return [day, { key: { pk: scope.pk, sk: `M#${date.slice(0, 7)}` }, attribute }, { key: scope.counter, attribute: yearAttribute(date.slice(0, 4)) }, { key: scope.counter, attribute: counterMonthAttribute(date.slice(0, 7)) }];
  const year = { pk: scope.pk, sk: `${scope.skPrefix}Y#${date.slice(0, 4)}` };
  return [day, { key: year, attribute }, { key: year, attribute: monthAttribute(attribute, date) }];
}

export function addDatedCount(tx: WriteTransaction, scope: CountScope, attribute: string, date: string, by: number): void {
  for (const counted of countedAt(scope, attribute, date)) tx.tally('PERIODTOTAL:count', counted.key, { [counted.attribute]: by });
}

export interface DateRange {
  readonly from?: string;
  readonly to?: string;
}

const FIRST = '0000-01-01';
const LAST = '9999-12-31';

const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];

function counted(period: string, value: string | undefined): Segment[] {
  const count = Number(value ?? 0);
  return count > 0 ? [{ period, count }] : [];
}

const inDateOrder = (a: Segment, b: Segment) => a.period.localeCompare(b.period);

/** Per-day (or, of a business list, per-month) counts from the period items between two periods. */
async function periodCounts(scope: CountScope, grain: 'D' | 'M', attribute: string, from: string, to: string): Promise<Segment[]> {
  const at = `${scope.skPrefix}${grain}#`;
  const items = await queryExactNumbers(scope.pk, `${at}${from}`, `${at}${to}`);
  return items.flatMap((item) => counted(String(item.sk).slice(at.length), item[attribute]));
}

/** A list's per-year counts (one item, or for a party one item a year) and how to read its months and days. */
async function countSource(scope: CountScope, attribute: string): Promise<CountSource> {
  const daysOf = (from: string, to: string) => periodCounts(scope, 'D', attribute, from, to);
  const counter = scope.counter;
  if (counter) {
    const [item = {}] = await queryExactNumbers(counter.pk, counter.sk, counter.sk);
    const years = Object.entries(item).flatMap(([name, value]) => (name.startsWith(YEAR_PREFIX) ? counted(name.slice(YEAR_PREFIX.length), value) : []));
    const monthsOf = async (year: string, from: string, to: string) => {
      const months = MONTHS.map((month) => `${year}-${month}`);
      const kept = months.reduce((sum, month) => sum + Number(item[counterMonthAttribute(month)] ?? 0), 0);
      // Every record of the year counted by month on the counter: its months are read already.
      if (kept === Number(item[yearAttribute(year)] ?? 0)) return months.filter((month) => overlaps(month, from, to)).flatMap((month) => counted(month, item[counterMonthAttribute(month)]));
      const within = clip(year, from, to);
      return periodCounts(scope, 'M', attribute, within.from.slice(0, 7), within.to.slice(0, 7));
    };
    return { years: years.sort(inDateOrder), monthsOf, daysOf };
  }
  const at = `${scope.skPrefix}Y#`;
  const items = new Map((await queryExactNumbers(scope.pk, `${at}0000`, `${at}9999`)).map((item) => [String(item.sk).slice(at.length), item]));
  const years = [...items].flatMap(([year, item]) => counted(year, item[attribute]));
  const monthsOf = async (year: string, from: string, to: string) =>
    MONTHS.map((month) => `${year}-${month}`)
      .filter((month) => overlaps(month, from, to))
      .flatMap((month) => counted(month, items.get(year)?.[monthAttribute(attribute, month)]));
  return { years, monthsOf, daysOf };
}

export async function countsWithin(scope: CountScope, attribute: string, range: DateRange): Promise<RangeCounts> {
  return countRange(await countSource(scope, attribute), range.from ?? FIRST, range.to ?? LAST);
}

/**
 * The sums of several attributes over a party-like scope's records dated up to the end of `asOf` (counts, or
 * amounts, which may be negative): the years before from the year items, the months before from the year of
 * `asOf`, and its month's days. Two Queries, bounded by years of history.
 */
export async function sumsAsOf(scope: CountScope, attributes: readonly string[], asOf: string): Promise<number[]> {
  if (scope.counter) throw new Error('sumsAsOf reads party-like scopes (day and year items)');
  const [year, month] = [asOf.slice(0, 4), asOf.slice(5, 7)];
  const [years, days] = await Promise.all([queryExactNumbers(scope.pk, `${scope.skPrefix}Y#0000`, `${scope.skPrefix}Y#${year}`), queryExactNumbers(scope.pk, `${scope.skPrefix}D#${asOf.slice(0, 7)}-01`, `${scope.skPrefix}D#${asOf}`)]);
  return attributes.map((attribute) => {
    let total = 0;
    for (const item of years) {
      if (String(item.sk).slice(-4) < year) total += Number(item[attribute] ?? 0);
      else for (const [name, value] of Object.entries(item)) if (name.startsWith(`${attribute}@`) && name.slice(-2) < month) total += Number(value);
    }
    return total + days.reduce((within, item) => within + Number(item[attribute] ?? 0), 0);
  });
}

/** The counting a dated collection is built with (`collection`'s `dated.counts`). */
export const DATED_COUNTS = { add: addDatedCount, countsWithin, countAttribute, countScope, countedAt } as const;
export type DatedCounts = typeof DATED_COUNTS;
