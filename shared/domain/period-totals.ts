/**
 * Balances kept per period as postings commit, so that a report reads a number of items that depends on the
 * periods it spans, never on the number of journal entries.
 *
 * Each posting adds its lines' net (debit − credit, minor units) to two running totals of its date: the day's and
 * the month's. A balance as of a date is then the months before that date's month plus the days of its month up
 * to the date: at most one item per month of history plus 31.
 */
import type { NetsByCurrency, PostedEntry } from './trial-balance.ts';

export type PeriodGrain = 'D' | 'M';

/** The periods one posting date moves: its day and its month. */
export function periodsOf(date: string): readonly { readonly grain: PeriodGrain; readonly period: string }[] {
  return [
    { grain: 'D', period: date },
    { grain: 'M', period: date.slice(0, 7) },
  ];
}

const ATTRIBUTE = /^b:([0-9a-f-]{36}):([A-Z]{3})$/;

/** The attribute of a period total that holds one account's net in one currency. */
export function balanceAttribute(accountId: string, currency: string): string {
  return `b:${accountId}:${currency}`;
}

export function parseBalanceAttribute(name: string): { readonly accountId: string; readonly currency: string } | undefined {
  const match = ATTRIBUTE.exec(name);
  return match ? { accountId: match[1]!, currency: match[2]! } : undefined;
}

/** What one posting adds to each period total it touches: one attribute per account and currency. */
export function balanceDeltas(entry: PostedEntry): Record<string, number> {
  const deltas: Record<string, number> = {};
  for (const line of entry.lines) {
    const attribute = balanceAttribute(line.account_id, entry.currency);
    deltas[attribute] = (deltas[attribute] ?? 0) + line.debit - line.credit;
  }
  return deltas;
}

/** The period items whose sum is the balance at the end of `asOf`: every month before its month, then its month's days. */
export function periodsUpTo(asOf: string): { readonly months: readonly [string, string]; readonly days: readonly [string, string] } {
  const month = asOf.slice(0, 7);
  return { months: ['0000-00', previousMonth(month)], days: [`${month}-01`, asOf] };
}

function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${String(year - 1).padStart(4, '0')}-12` : `${String(year).padStart(4, '0')}-${String(number - 1).padStart(2, '0')}`;
}

/** Adds up period items (each a map of balance attributes to exact integer text) into nets per currency and account. */
export function sumPeriodTotals(items: Iterable<Readonly<Record<string, string>>>): NetsByCurrency {
  const nets: NetsByCurrency = new Map();
  for (const item of items) {
    for (const [name, value] of Object.entries(item)) {
      const parsed = parseBalanceAttribute(name);
      if (!parsed) continue;
      const perAccount = nets.get(parsed.currency) ?? new Map<string, bigint>();
      nets.set(parsed.currency, perAccount);
      perAccount.set(parsed.accountId, (perAccount.get(parsed.accountId) ?? 0n) + BigInt(value));
    }
  }
  return nets;
}

/** `later − earlier`, account by account: the movement over a period from two balances. */
export function difference(later: NetsByCurrency, earlier: NetsByCurrency): NetsByCurrency {
  const result: NetsByCurrency = new Map();
  for (const currency of new Set([...later.keys(), ...earlier.keys()])) {
    const perAccount = new Map<string, bigint>();
    const after = later.get(currency) ?? new Map<string, bigint>();
    const before = earlier.get(currency) ?? new Map<string, bigint>();
    for (const account of new Set([...after.keys(), ...before.keys()])) perAccount.set(account, (after.get(account) ?? 0n) - (before.get(account) ?? 0n));
    result.set(currency, perAccount);
  }
  return result;
}
