import { exactMajor } from '../platform/core/money.ts';
import type { Id } from '../platform/core/ids.ts';
import { agedBalances, type AgedAmounts, type OpenBalance } from './statements.ts';
import { parties } from '../parties/index.ts';
import { agingDate, creditTypesOf, documentsOpenAsOf, homeCurrencyOf } from '../ledger/index.ts';

const SIDES = {
  receivables: { type: 'invoice', credits: creditTypesOf('invoice'), party: 'customer' },
  payables: { type: 'bill', credits: creditTypesOf('bill'), party: 'vendor' },
} as const;

/** A party's or a total's aged amounts in major units of its currency. */
export const agesInMajor = (ages: AgedAmounts, currency: string) => ({
  current: exactMajor(ages.current, currency),
  d1_30: exactMajor(ages.d1_30, currency),
  d31_60: exactMajor(ages.d31_60, currency),
  d61_90: exactMajor(ages.d61_90, currency),
  over_90: exactMajor(ages.over_90, currency),
  total: exactMajor(ages.total, currency),
});

const agesOf = (ages: AgedAmounts, currency: string, homeCurrency: string) => ({ ...agesInMajor(ages, currency), base_total: exactMajor(ages.base_total, homeCurrency) });

/**
 * Invoices (receivables) or bills (payables) open on `asOf`, per currency and party, each at what was open of it
 * that day, aged by how far `asOf` is past its due date; and the party's unapplied credit that day (a credit note's,
 * a vendor credit's, a prepayment's or an overpayment's), negative in the current column. Credit is owed back now rather than falling due, so it ages
 * nowhere and nets the party's row, as it nets the control account: each total equals receivables (payables) in
 * the ledger of the date, and the report's columns stay the five every integrator reads. Reads what is open and
 * what has moved since (`documentsOpenAsOf`) and their parties, never the whole history.
 */
export async function agedReport(businessId: Id, side: keyof typeof SIDES, asOf: string) {
  const store = parties(SIDES[side].party).store;
  // The parties the open documents' markers name are read beside the documents; any a marker did not name, after.
  let early: Promise<readonly { readonly id: Id; readonly name: string }[]> = Promise.resolve([]);
  const { open, homeCurrency } = await openBalancesAsOf(businessId, side, asOf, (partyIds) => {
    early = store.getMany(businessId, [...new Set(partyIds)]);
  });
  const named = await early;
  const namedIds = new Set(named.map((party) => party.id as string));
  const unnamed = [...new Set(open.map(({ partyId }) => partyId as Id))].filter((partyId) => !namedIds.has(partyId));
  const names = new Map([...named, ...(unnamed.length > 0 ? await store.getMany(businessId, unnamed) : [])].map((record) => [record.id as string, record.name]));
  const blocks = agedBalances(open, asOf);
  return {
    as_of: asOf,
    base_currency: homeCurrency,
    currencies: blocks.map((block) => ({
      currency: block.currency,
      parties: block.parties
        .map(({ partyId, ages }) => ({ party_id: partyId, name: names.get(partyId) ?? '', ...agesOf(ages, block.currency, homeCurrency) }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.party_id.localeCompare(b.party_id)),
      totals: agesOf(block.totals, block.currency, homeCurrency),
    })),
  };
}

/** One party's open balances on `asOf`, aged, per currency: its row of the aged report, in minor units. */
export async function partyAgedAsOf(businessId: Id, side: keyof typeof SIDES, partyId: Id, asOf: string): Promise<ReadonlyMap<string, AgedAmounts>> {
  const { open } = await openBalancesAsOf(businessId, side, asOf);
  const blocks = agedBalances(open.filter((balance) => balance.partyId === partyId), asOf);
  return new Map(blocks.map((block) => [block.currency, block.totals]));
}

/** What each document of the side was open on `asOf` (a credit document's unapplied credit, negative and current). */
async function openBalancesAsOf(businessId: Id, side: keyof typeof SIDES, asOf: string, partiesNamed?: (partyIds: readonly Id[]) => void): Promise<{ readonly open: OpenBalance[]; readonly homeCurrency: string }> {
  const { type, credits } = SIDES[side];
  const home = homeCurrencyOf(businessId);
  // Every type's parties told at once, when the last type's markers are read.
  const named: Id[] = [];
  let waiting = 1 + credits.length;
  const tell = (partyIds: readonly Id[]) => {
    named.push(...partyIds);
    if (--waiting === 0) partiesNamed?.(named);
  };
  const [owed, homeCurrency, ...credited] = await Promise.all([documentsOpenAsOf(businessId, type, asOf, home, tell), home, ...credits.map((credit) => documentsOpenAsOf(businessId, credit, asOf, home, tell))]);
  const open = [...owed.map((item) => ({ ...item, sign: 1n, dueDate: agingDate(item.document) })), ...credited.flat().map((item) => ({ ...item, sign: -1n, dueDate: asOf }))];
  return { open: open.map(({ document, open: due, openHome, sign, dueDate }) => ({ partyId: document.party_id, currency: document.currency, dueDate, balanceDue: sign * BigInt(due), baseDue: sign * BigInt(openHome) })), homeCurrency };
}
