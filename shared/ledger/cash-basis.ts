/**
 * The cash-basis gaps of documents (`cash-basis-rules.ts`), kept as they move in items of their own: per day and
 * per month of the date they move on, like the period totals and with the same attributes, so a cash-basis report
 * reads them beside the period totals over the same periods. Only postings that book, settle or void an invoice,
 * bill or credit note write them: two items a posting, whatever it settles.
 */
import type { Id } from '../platform/core/ids.ts';
import { businessPk, type Key } from '../platform/db/keys.ts';
import type { WriteTransaction } from '../platform/db/transaction.ts';
import type { Deltas } from './cash-basis-rules.ts';
import { periodsOf } from './period-totals-rules.ts';

export const cashBasisPk = (businessId: Id) => `${businessPk(businessId)}#CASHBASIS`;
export const cashBasisKey = (businessId: Id, grain: 'D' | 'M', period: string): Key => ({ pk: cashBasisPk(businessId), sk: `${grain}#${period}` });

/** Moves the gap items of `date` by `deltas` in the posting's transaction. */
export function addCashBasisShift(tx: WriteTransaction, businessId: Id, date: string, deltas: Deltas): void {
  if (Object.keys(deltas).length === 0) return;
  for (const { grain, period } of periodsOf(date)) tx.tally('CASHBASIS:add', cashBasisKey(businessId, grain, period), deltas);
}
