import { exactMajor } from '../platform/core/money.ts';
import type { Id } from '../platform/core/ids.ts';
import { agedBalances, type AgedAmounts } from './statements.ts';
import { parties } from '../parties/parties.ts';
import { documentsOpenAsOf } from '../ledger/documents/open-documents.ts';
import { agingDate } from '../ledger/documents/records.ts';
import { homeCurrencyOf } from '../ledger/period-totals.ts';

const SIDES = {
  receivables: { type: 'invoice', credit: 'credit_note', party: 'customer' },
  payables: { type: 'bill', credit: 'vendor_credit', party: 'vendor' },
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
 * Invoices (receivables) or bills (payables) open on `asOf`, per currency and party, each at what was open of it
 * that day, aged by how far `asOf` is past its due date; and the party's unapplied credit that day (a credit note's,
 * a vendor credit's), negative in the current column. Credit is owed back now rather than falling due, so it ages
 * nowhere and nets the party's row, as it nets the control account: each total equals receivables (payables) in
 * the ledger of the date, and the report's columns stay the five every integrator reads. Reads what is open and
 * what has moved since (`documentsOpenAsOf`) and their parties, never the whole history.
 */
export async function agedReport(businessId: Id, side: keyof typeof SIDES, asOf: string) {
  const { type, credit, party } = SIDES[side];
  const home = homeCurrencyOf(businessId);
  const [owed, credited, homeCurrency] = await Promise.all([documentsOpenAsOf(businessId, type, asOf, home), documentsOpenAsOf(businessId, credit, asOf, home), home]);
  const open = [...owed.map((item) => ({ ...item, sign: 1n, dueDate: agingDate(item.document) })), ...credited.map((item) => ({ ...item, sign: -1n, dueDate: asOf }))];
  const names = new Map((await parties(party).store.getMany(businessId, [...new Set(open.map(({ document }) => document.party_id))])).map((record) => [record.id as string, record.name]));
  const blocks = agedBalances(open.map(({ document, open: due, openHome, sign, dueDate }) => ({ partyId: document.party_id, currency: document.currency, dueDate, balanceDue: sign * BigInt(due), baseDue: sign * BigInt(openHome) })), asOf);
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
