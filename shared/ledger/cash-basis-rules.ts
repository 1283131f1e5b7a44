/**
 * Cash basis as a correction of the accrual books. An invoice, bill or credit note books all of its lines on its
 * own date; cash basis recognises them as it is settled (receipts, payments, credit allocations), in proportion to
 * what is settled, at the amounts booked, the last settlement taking the remainder. What cash basis holds of such a
 * document less what the accrual books hold of it is its *gap*: minus its unsettled share. A report on the cash
 * basis adds the gaps' movements to the accrual period totals.
 *
 * The share is a function of how much is settled, not of each settlement: a settlement moves the gap from its
 * value before to its value after, so part payments, their voids and the last payment always add up to the whole.
 */

import { divideRounded } from './totals.ts';

/** Period-total attributes (`b:<account>:<currency>`, `h:<account>`) and their minor-unit amounts. */
export type Deltas = Readonly<Record<string, number>>;

/** Each amount × `part` / `whole`, rounded once, half away from zero; all of them once `part` reaches `whole`. */
export function shareOf(amounts: Deltas, part: number, whole: number): Record<string, number> {
  if (part >= whole) return { ...amounts };
  return Object.fromEntries(Object.entries(amounts).map(([name, amount]) => [name, Number(divideRounded(BigInt(amount) * BigInt(part), BigInt(whole)))]));
}

/** `after − before`, attribute by attribute, without the zeros. */
export function deltasBetween(before: Deltas, after: Deltas): Record<string, number> {
  const moved: Record<string, number> = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const by = (after[name] ?? 0) - (before[name] ?? 0);
    if (by !== 0) moved[name] = by;
  }
  return moved;
}

/**
 * The gap of a document whose posting moves `booked` and of which `settled` of `total` is settled: minus the part
 * cash basis has not yet recognised. A voided document (its posting reversed) and a document of no total (nothing
 * to settle: recognised when booked) have none.
 */
export function cashBasisGap(booked: Deltas, settled: number, total: number, voided: boolean): Record<string, number> {
  if (voided || total === 0) return {};
  return deltasBetween(booked, shareOf(booked, settled, total));
}
