/**
 * Balances kept per period as postings commit, so that a report reads a number of items that depends on the
 * periods it spans, never on the number of journal entries.
 *
 * Each posting adds its lines' net (debit − credit, minor units) to two running totals of its date: the day's and
 * the month's. A balance as of a date is then the months before that date's month plus the days of its month up
 * to the date: at most one item per month of history plus 31.
 */
import type { NetsByCurrency, PostedEntry } from './trial-balance.ts';
import { homeAmountsOf } from './home-amounts.ts';
import { addMonths } from '../platform/core/dates.ts';

export type PeriodGrain = 'D' | 'M';

/** The periods one posting date moves: its day and its month. */
export function periodsOf(date: string): readonly { readonly grain: PeriodGrain; readonly period: string }[] {
  return [
    { grain: 'D', period: date },
    { grain: 'M', period: date.slice(0, 7) },
  ];
}

const ATTRIBUTE = /^b:([0-9a-f-]{36}):([A-Z]{3})$/;
const HOME_ATTRIBUTE = /^h:([0-9a-f-]{36})$/;

/** The attribute of a period total that holds one account's net in one currency. */
export function balanceAttribute(accountId: string, currency: string): string {
  return `b:${accountId}:${currency}`;
}

/**
 * The attribute that holds one account's net in the home currency from postings in other currencies. Postings in
 * the home currency have the same amounts in both, so they are held once, in their currency's attribute: a
 * business that trades only in its home currency keeps period totals no larger than before.
 */
export function homeBalanceAttribute(accountId: string): string {
  return `h:${accountId}`;
}

export function parseBalanceAttribute(name: string): { readonly accountId: string; readonly currency: string } | undefined {
  const match = ATTRIBUTE.exec(name);
  return match ? { accountId: match[1]!, currency: match[2]! } : undefined;
}

/**
 * What one posting adds to each period total it touches: one attribute per account and currency, and for a
 * posting in another currency one per account in the home currency. A line with nothing in the entry's currency
 * (a realized gain) moves only the home attribute.
 */
export function balanceDeltas(entry: PostedEntry, homeCurrency: string): Record<string, number> {
  const deltas: Record<string, number> = {};
  const add = (attribute: string, amount: number) => {
    deltas[attribute] = (deltas[attribute] ?? 0) + amount;
  };
  for (const line of entry.lines) {
    if (line.debit !== 0 || line.credit !== 0) add(balanceAttribute(line.account_id, entry.currency), line.debit - line.credit);
    if (entry.currency === homeCurrency) continue;
    const home = homeAmountsOf(line, entry, homeCurrency);
    if (home.base_debit !== 0 || home.base_credit !== 0) add(homeBalanceAttribute(line.account_id), home.base_debit - home.base_credit);
  }
  return deltas;
}

/** Every account's net per currency, and in the home currency over all of them (the books of record). */
export interface Balances {
  readonly byCurrency: NetsByCurrency;
  readonly home: ReadonlyMap<string, bigint>;
}

/** The period items whose sum is the balance at the end of `asOf`: every month before its month, then its month's days. */
export function periodsUpTo(asOf: string): { readonly months: readonly [string, string]; readonly days: readonly [string, string] } {
  const month = asOf.slice(0, 7);
  return { months: ['0000-00', addMonths(month, -1)], days: [`${month}-01`, asOf] };
}

/**
 * Adds up period items (each a map of balance attributes to exact integer text) into nets per currency and
 * account, and in the home currency: the home currency's own nets plus the home attributes of the others.
 */
export function sumPeriodTotals(items: Iterable<Readonly<Record<string, string>>>, homeCurrency: string): Balances {
  const nets: NetsByCurrency = new Map();
  const foreignInHome = new Map<string, bigint>();
  for (const item of items) {
    for (const [name, value] of Object.entries(item)) {
      const home = HOME_ATTRIBUTE.exec(name);
      if (home) {
        foreignInHome.set(home[1]!, (foreignInHome.get(home[1]!) ?? 0n) + BigInt(value));
        continue;
      }
      const parsed = parseBalanceAttribute(name);
      if (!parsed) continue;
      const perAccount = nets.get(parsed.currency) ?? new Map<string, bigint>();
      nets.set(parsed.currency, perAccount);
      perAccount.set(parsed.accountId, (perAccount.get(parsed.accountId) ?? 0n) + BigInt(value));
    }
  }
  const home = new Map(nets.get(homeCurrency) ?? []);
  for (const [account, net] of foreignInHome) home.set(account, (home.get(account) ?? 0n) + net);
  return { byCurrency: nets, home };
}

/** `later − earlier` in every currency and in the home currency. */
export function balancesDifference(later: Balances, earlier: Balances): Balances {
  return { byCurrency: difference(later.byCurrency, earlier.byCurrency), home: combined(later.home, earlier.home, -1n) };
}

/** `a + b` in every currency and in the home currency: an opening balance and a period's movement. */
export function balancesSum(a: Balances, b: Balances): Balances {
  const byCurrency: NetsByCurrency = new Map();
  for (const currency of new Set([...a.byCurrency.keys(), ...b.byCurrency.keys()])) byCurrency.set(currency, combined(a.byCurrency.get(currency) ?? new Map(), b.byCurrency.get(currency) ?? new Map(), 1n));
  return { byCurrency, home: combined(a.home, b.home, 1n) };
}

/** `later − earlier`, account by account: the movement over a period from two balances. */
export function difference(later: NetsByCurrency, earlier: NetsByCurrency): NetsByCurrency {
  const result: NetsByCurrency = new Map();
  for (const currency of new Set([...later.keys(), ...earlier.keys()])) result.set(currency, combined(later.get(currency) ?? new Map(), earlier.get(currency) ?? new Map(), -1n));
  return result;
}

function combined(a: ReadonlyMap<string, bigint>, b: ReadonlyMap<string, bigint>, sign: 1n | -1n): Map<string, bigint> {
  const result = new Map<string, bigint>();
  for (const account of new Set([...a.keys(), ...b.keys()])) result.set(account, (a.get(account) ?? 0n) + sign * (b.get(account) ?? 0n));
  return result;
}
