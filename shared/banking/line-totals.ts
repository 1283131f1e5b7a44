/**
 * A cash-flow account's bank-feed totals. Its lines are a dated list counted per account like a party's documents
 * (`dated-counts.ts`: the account's day items and year items, in the party-totals partition), per status; the
 * same items carry the amount of the lines in each status (`a:<status>`, and per month `a:<status>@MM` on the
 * year item), moved in the line's own transaction by the write that counts it, so a line adds no item for its
 * amount. A reconciliation summary as of any date reads the account's year items and the days of one month: two
 * Queries, bounded by years of history, never by lines.
 */
import { businessPk, type Key } from '../platform/db/keys.ts';
import { countAttribute, countedAt, countScope, sumsAsOf } from '../platform/db/dated-counts.ts';
import { lastBetween } from '../platform/db/query.ts';
import type { WriteTransaction } from '../platform/db/transaction.ts';
import { LINE_STATUSES, type LineStatus } from './bank-reconciliation.ts';
import type { Id } from '../platform/core/ids.ts';

export interface CountedLine {
  readonly account_id: Id;
  readonly date: string;
  readonly status: LineStatus;
  /** Signed minor units. */
  readonly amount: number;
}

/** The view of an account's lines in one status (or `ALL`): its counter names the count attribute. */
export function lineView(accountId: Id, counter: LineStatus | 'ALL') {
  return { counter, party: accountId } as const;
}

const amountAttribute = (status: LineStatus) => `a:${status}`;

/** The amount attributes that hold a line in its status, on the items that count it: the rebuild recomputes them. */
export function lineAmountsAt(businessId: Id, line: CountedLine) {
  return countedAt(countScope(businessId, 'BANKLINE', lineView(line.account_id, line.status)), amountAttribute(line.status), line.date).map((at) => ({ ...at, amount: line.amount }));
}

/** Adds a line's amount to its status's totals (`by` 1), or takes it off (`by` -1); its count moves with its views. */
export function addLineAmount(tx: WriteTransaction, businessId: Id, line: CountedLine, by: 1 | -1): void {
  for (const at of lineAmountsAt(businessId, line)) tx.tally('BANKLINE:amount', at.key, { [at.attribute]: by * at.amount });
}

export type StatusTotals = Readonly<Record<LineStatus, { readonly count: number; readonly amount: number }>>;

/** The account's lines dated up to `asOf`, counted and summed per status: its year items, and the days of `asOf`'s month. */
export async function lineTotalsAsOf(businessId: Id, accountId: Id, asOf: string): Promise<StatusTotals> {
  const attributes = LINE_STATUSES.flatMap((status) => [countAttribute('BANKLINE', status), amountAttribute(status)]);
  const sums = await sumsAsOf(countScope(businessId, 'BANKLINE', lineView(accountId, 'ALL')), attributes, asOf);
  return Object.fromEntries(LINE_STATUSES.map((status, index) => [status, { count: sums[2 * index]!, amount: sums[2 * index + 1]! }])) as unknown as StatusTotals;
}

/** Records the closing balance the bank stated for a date (an import's `closing_balance`; the latest statement of a day wins). */
export function addStatedBalance(tx: WriteTransaction, businessId: Id, accountId: Id, date: string, balance: number): void {
  tx.put('BANKSTATED:put', { ...statedBalanceKey(businessId, accountId, date), balance, date });
}

/** The bank's latest stated closing balance on or before `asOf`, or null. */
export async function statedBalanceAsOf(businessId: Id, accountId: Id, asOf: string): Promise<{ readonly balance: number; readonly date: string } | null> {
  const first = statedBalanceKey(businessId, accountId, '0000-01-01');
  const item = await lastBetween(first.pk, first.sk, statedBalanceKey(businessId, accountId, asOf).sk);
  return item ? { balance: Number(item.balance), date: String(item.date) } : null;
}

/**
 * The closing balances a cash-flow account's bank stated (`<account>#S#<date>`), one partition per business, so a
 * reconciliation summary finds the latest on or before a date with one Query of one item.
 */
export function statedBalanceKey(businessId: Id, accountId: Id, date: string): Key {
  return { pk: `${businessPk(businessId)}#BANKSTATED`, sk: `${accountId}#S#${date}` };
}
