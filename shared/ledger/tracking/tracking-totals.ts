/**
 * Totals per tracking option, kept as postings land, so a profit and loss by option reads a number of items
 * bounded by the period and the options, never by the postings. Each option a line names has its own sparse items
 * (`BIZ#b#TRACKTOTAL` / `<category>#<D|M>#<period>#<option>`), with the period totals' attributes (`b:<account>:<currency>`,
 * `h:<account>`) over its lines alone: an option never shares an item with another, so an item holds at most one
 * attribute per account and currency whatever the number of options (1,000 accounts in one currency: under 70 KB).
 * A category's options of one period lie in one key range, so a report by category is at most three Queries.
 */
import type { Id } from '../../platform/core/ids.ts';
import { businessPk, type Key } from '../../platform/db/keys.ts';
import { queryExactNumbers } from '../../platform/db/query.ts';
import type { WriteTransaction } from '../../platform/db/transaction.ts';
import { balanceDeltas, periodsOf, sumPeriodTotals, type Balances } from '../period-totals-rules.ts';
import type { PostedEntry, PostedLine } from '../trial-balance.ts';
import { periodRanges, type TrackingRef } from './tracking-rules.ts';

export const trackingTotalsPk = (businessId: Id) => `${businessPk(businessId)}#TRACKTOTAL`;

export function trackingTotalKey(businessId: Id, ref: TrackingRef, grain: 'D' | 'M', period: string): Key {
  return { pk: trackingTotalsPk(businessId), sk: `${ref.category_id}#${grain}#${period}#${ref.option_id}` };
}

type TrackedLine = PostedLine & { readonly tracking?: readonly TrackingRef[] | undefined };

/** What one entry adds to each option its lines name: the period totals' deltas of those lines alone. */
export function trackingDeltas(entry: Omit<PostedEntry, 'lines'> & { readonly lines: readonly TrackedLine[] }, homeCurrency: string): { readonly ref: TrackingRef; readonly deltas: Record<string, number> }[] {
  const byOption = new Map<string, { ref: TrackingRef; lines: TrackedLine[] }>();
  for (const line of entry.lines) {
    for (const ref of line.tracking ?? []) {
      const at = byOption.get(`${ref.category_id}#${ref.option_id}`) ?? { ref, lines: [] };
      at.lines.push(line);
      byOption.set(`${ref.category_id}#${ref.option_id}`, at);
    }
  }
  return [...byOption.values()].map(({ ref, lines }) => ({ ref, deltas: balanceDeltas({ ...entry, lines }, homeCurrency) }));
}

/** Moves the day and month items of every option the entry's lines name, in the posting's transaction. */
export function addToTrackingTotals(tx: WriteTransaction, businessId: Id, entry: Omit<PostedEntry, 'lines'> & { readonly date: string; readonly lines: readonly TrackedLine[] }, homeCurrency: string): void {
  for (const { ref, deltas } of trackingDeltas(entry, homeCurrency)) {
    for (const { grain, period } of periodsOf(entry.date)) tx.tally('TRACKTOTAL:add', trackingTotalKey(businessId, ref, grain, period), deltas);
  }
}

/**
 * Each option's movement of one category from `from` to `to`, per currency and in the home currency: the days of
 * partial months and the months between (`periodRanges`), each range one Query of the category's options.
 */
export async function optionMovements(businessId: Id, categoryId: Id, from: string, to: string, homeCurrency: string | Promise<string>): Promise<Map<string, Balances>> {
  const pk = trackingTotalsPk(businessId);
  const ranges = periodRanges(from, to);
  const [read, home] = await Promise.all([Promise.all(ranges.map((range) => queryExactNumbers(pk, `${categoryId}#${range.grain}#${range.first}#`, `${categoryId}#${range.grain}#${range.last}#\uffff`))), homeCurrency]);
  const byOption = new Map<string, Record<string, string>[]>();
  for (const item of read.flat()) {
    const option = String(item.sk).split('#')[3]!;
    byOption.set(option, [...(byOption.get(option) ?? []), item]);
  }
  return new Map([...byOption].map(([option, items]) => [option, sumPeriodTotals(items, home)]));
}
