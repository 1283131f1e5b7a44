import type { Rate } from './exchange.ts';
import { homeAmountsOf } from './home-amounts.ts';
/**
 * Net debit (positive) or credit (negative) per account and currency, summed as BigInt: a report adds up every
 * posting of a business, and such sums may pass 2^53 minor units, past which a JavaScript number drops cents.
 */
export interface PostedLine {
  readonly account_id: string;
  readonly debit: number;
  readonly credit: number;
  readonly base_debit?: number | undefined;
  readonly base_credit?: number | undefined;
}

export interface PostedEntry {
  readonly currency: string;
  readonly exchange_rate?: Rate | undefined;
  readonly lines: readonly PostedLine[];
}

export type NetsByCurrency = Map<string, Map<string, bigint>>;

/** Net debit (positive) or credit per account in the home currency, over entries in every currency. */
export function homeNets(entries: Iterable<PostedEntry>, homeCurrency: string): Map<string, bigint> {
  const nets = new Map<string, bigint>();
  for (const entry of entries) {
    for (const line of entry.lines) {
      const home = homeAmountsOf(line, entry, homeCurrency);
      nets.set(line.account_id, (nets.get(line.account_id) ?? 0n) + BigInt(home.base_debit) - BigInt(home.base_credit));
    }
  }
  return nets;
}

export function netsByCurrency(entries: Iterable<PostedEntry>): NetsByCurrency {
  const nets: NetsByCurrency = new Map();
  for (const entry of entries) {
    const perAccount = nets.get(entry.currency) ?? new Map<string, bigint>();
    nets.set(entry.currency, perAccount);
    for (const line of entry.lines) perAccount.set(line.account_id, (perAccount.get(line.account_id) ?? 0n) + BigInt(line.debit) - BigInt(line.credit));
  }
  return nets;
}

/** Each side of a trial balance: the debit balances and the credit balances, summed. */
export function sides(nets: Iterable<bigint>): { readonly debit: bigint; readonly credit: bigint } {
  let debit = 0n;
  let credit = 0n;
  for (const net of nets) {
    if (net > 0n) debit += net;
    else credit -= net;
  }
  return { debit, credit };
}
