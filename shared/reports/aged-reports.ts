import { figuresOf } from '../cash/allocations.ts';
import { exactMajor } from '../platform/core/money.ts';
import type { Id } from '../platform/core/ids.ts';
import { balanceDue } from '../cash/settlement.ts';
import { agedBalances, type AgedAmounts } from './statements.ts';
import { parties } from '../parties/parties.ts';
import { openDocuments } from '../ledger/documents/open-documents.ts';
import { agingDate, openInHome } from '../ledger/documents/records.ts';
import { homeCurrencyOf } from '../ledger/period-totals.ts';

const SIDES = {
  receivables: { type: 'invoice', party: 'customer' },
  payables: { type: 'bill', party: 'vendor' },
} as const;

const agesOf = (ages: AgedAmounts, currency: string, homeCurrency: string) => ({
  current: exactMajor(ages.current, currency),
  d1_30: exactMajor(ages.d1_30, currency),
  d31_60: exactMajor(ages.d31_60, currency),
  d61_90: exactMajor(ages.d61_90, currency),
  over_90: exactMajor(ages.over_90, currency),
  total: exactMajor(ages.total, currency),
  base_total: exactMajor(ages.base_total, homeCurrency),
});

/**
 * Open invoices (receivables) or bills (payables) dated up to `asOf`, per currency and party, aged by how far
 * `asOf` is past each due date. Reads the open documents and their parties only, never the whole history; the
 * balances are today's (a payment recorded after `asOf` has already reduced them).
 */
export async function agedReport(businessId: Id, side: keyof typeof SIDES, asOf: string) {
  const { type, party } = SIDES[side];
  const [documents, homeCurrency] = await Promise.all([openDocuments(businessId, type), homeCurrencyOf(businessId)]);
  const open = documents.filter((document) => document.date <= asOf);
  const names = new Map((await parties(party).store.getMany(businessId, [...new Set(open.map((document) => document.party_id))])).map((record) => [record.id as string, record.name]));
  const blocks = agedBalances(open.map((document) => ({ partyId: document.party_id, currency: document.currency, dueDate: agingDate(document), balanceDue: BigInt(balanceDue(figuresOf(document))), baseDue: BigInt(openInHome(document, homeCurrency)) })), asOf);
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
