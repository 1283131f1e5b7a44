/**
 * The home-currency side of a journal entry. Each line keeps `debit` and `credit` in the entry's currency and gains
 * `base_debit` and `base_credit` in the business's home currency: converted at the entry's rate, unless the posting
 * states them (a settlement relieves a receivable at the rate its document was booked at). Whatever then keeps
 * the entry from balancing in the home currency (rounding, or the difference between the two rates of a
 * settlement) is booked to realized currency gains and losses, so every entry balances in both.
 */
import { convert, type Rate } from './exchange.ts';
import type { Id } from '../platform/core/ids.ts';
import type { JournalLine } from './ledger-rules.ts';
import { withTracking } from './tracking/tracking-rules.ts';

export interface HomeAmounts {
  /** Minor units of the home currency. */
  readonly base_debit: number;
  readonly base_credit: number;
}

export type BookedLine = JournalLine & HomeAmounts;

export interface EntryCurrency {
  readonly currency: string;
  readonly exchange_rate: Rate;
}

/**
 * The entry's lines with their home amounts and, when they do not balance in the home currency, one more line on
 * `gainsAccount` that takes the difference (a credit is a gain). Undefined when a converted amount passes what is
 * held exactly: the rate is refused.
 */
export function inHomeCurrency(lines: readonly JournalLine[], entry: EntryCurrency, homeCurrency: string, gainsAccount: Id): BookedLine[] | undefined {
  const booked: BookedLine[] = [];
  for (const line of lines) {
    const baseDebit = line.base_debit ?? convert(line.debit, entry.currency, entry.exchange_rate, homeCurrency);
    const baseCredit = line.base_credit ?? convert(line.credit, entry.currency, entry.exchange_rate, homeCurrency);
    if (baseDebit === undefined || baseCredit === undefined) return undefined;
    booked.push({ account_id: line.account_id, debit: line.debit, credit: line.credit, base_debit: baseDebit, base_credit: baseCredit, ...withTracking(line.tracking) });
  }
  const difference = booked.reduce((sum, line) => sum + line.base_debit - line.base_credit, 0);
  if (!Number.isSafeInteger(difference)) return undefined;
  if (difference !== 0) booked.push({ account_id: gainsAccount, debit: 0, credit: 0, base_debit: difference < 0 ? -difference : 0, base_credit: difference > 0 ? difference : 0 });
  return booked;
}

/**
 * A stored line's home amounts. Lines booked before the home currency existed have none: they are read at the
 * entry's rate (1 for books posted before rates, as the rebuild lists them), the same conversion a new line gets.
 */
export function homeAmountsOf(line: Pick<JournalLine, 'debit' | 'credit'> & { readonly base_debit?: number | undefined; readonly base_credit?: number | undefined }, entry: { readonly currency: string; readonly exchange_rate?: Rate | undefined }, homeCurrency: string): HomeAmounts {
  if (line.base_debit !== undefined && line.base_credit !== undefined) return { base_debit: line.base_debit, base_credit: line.base_credit };
  const rate = entry.exchange_rate ?? ('1' as Rate);
  return { base_debit: convert(line.debit, entry.currency, rate, homeCurrency) ?? 0, base_credit: convert(line.credit, entry.currency, rate, homeCurrency) ?? 0 };
}

/**
 * What settling a document moves in the home currency: the receivable or payable it relieves is valued at the
 * document's own rate. The relief brings the document's settled home amount to its settled amount converted, so
 * the home amounts relieved add up to the document's own home total once it is settled in full, whatever the
 * order of part settlements and voids.
 */
export interface SettledInHome {
  readonly currency: string;
  readonly rate: Rate;
  /** Home minor units relieved so far by live settlements. */
  readonly baseSettled: number;
}

export function settlementRelief(document: SettledInHome, settledAfter: number, homeCurrency: string): number {
  const target = convert(settledAfter, document.currency, document.rate, homeCurrency);
  if (target === undefined) throw new Error(`A settlement of ${settledAfter} ${document.currency} passes the exact range`);
  return target - document.baseSettled;
}
