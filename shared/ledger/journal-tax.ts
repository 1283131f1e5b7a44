/**
 * A manual journal's tax, as Xero's and QuickBooks' journals book it: a line that names a tax rate is a net
 * amount, and its tax is booked beside it by the journal itself. A credit line is a sale (its tax credited to tax
 * payable), a debit line a purchase (its tax debited to tax receivable); a debit at a reverse-charge rate is
 * self-assessed, booked to both and netting to zero. Tax is rounded as the business rounds a document's (per
 * rate over the journal's side, or per line), so the journal balances with its tax lines included. Pure.
 */
import type { Id } from '../platform/core/ids.ts';
import { systemAccountId, type JournalLine } from './ledger-rules.ts';
import type { TaxMark } from './tax/tax-totals.ts';
import { withTracking, type TrackingRef } from './tracking/tracking-rules.ts';
import { documentTotals } from './totals.ts';

/** A line as entered, with the percentages of the rate it names (none: an untaxed line). */
export interface JournalLineToTax {
  readonly debit: number;
  readonly credit: number;
  readonly rate: { readonly id: Id; readonly carried: number; readonly selfAssessed: number } | null;
}

export interface JournalLineTax {
  /** Minor units: the tax the line carries, on its own side. */
  readonly tax: number;
  /** Minor units: the tax a debit at a reverse-charge rate self-assesses. */
  readonly reverse_charge_tax: number;
}

/** Each line's tax: per rate over each side of the journal (or per line), rounded once; self-assessed tax per rate. */
export function journalLineTaxes(lines: readonly JournalLineToTax[], rounding: 'rate' | 'line'): JournalLineTax[] {
  const taxes: JournalLineTax[] = lines.map(() => ({ tax: 0, reverse_charge_tax: 0 }));
  for (const side of ['debit', 'credit'] as const) {
    const members = lines.flatMap((line, index) => (line.rate && line[side] > 0 ? [{ index, amount: line[side], rate: line.rate }] : []));
    if (members.length === 0) continue;
    const priced = (percent: (rate: JournalLineToTax['rate'] & object) => number) => members.map((member) => ({ quantity: 1, unitPrice: member.amount, taxRate: percent(member.rate), taxRateId: member.rate.id }));
    const carried = documentTotals(priced((rate) => rate.carried), { rounding, amounts: 'exclusive' });
    const selfAssessed = documentTotals(priced((rate) => (side === 'debit' ? rate.selfAssessed : 0)), { rounding: 'rate', amounts: 'exclusive' });
    members.forEach((member, at) => (taxes[member.index] = { tax: carried.lines[at]!.tax, reverse_charge_tax: selfAssessed.lines[at]!.tax }));
  }
  return taxes;
}

/** The debits and credits a journal's tax adds: carried tax on its own side, self-assessed tax on both. */
export function taxSides(lines: readonly (JournalLineTax & { readonly debit: number })[]): { readonly debit: number; readonly credit: number } {
  let [debit, credit] = [0, 0];
  for (const line of lines) {
    if (line.debit > 0) debit += line.tax;
    else credit += line.tax;
    debit += line.reverse_charge_tax;
    credit += line.reverse_charge_tax;
  }
  return { debit, credit };
}

/** A stored journal line: the amounts as entered, and the rate and tax when it names one. */
export interface TaxedJournalLine {
  readonly account_id: Id;
  readonly debit: number;
  readonly credit: number;
  readonly tax_rate_id?: Id | null;
  readonly tax?: number;
  readonly reverse_charge_tax?: number;
  /** Its tracking options (absent: unassigned); the tax lines the journal adds carry none. */
  readonly tracking?: readonly TrackingRef[];
}

/**
 * The journal entry of a manual journal: its lines as entered, then one tax line per rate and side (self-assessed
 * tax as a pair), each with the figure of the tax return it moves (`marks[i]` for `lines[i]`).
 */
export function journalEntryLines(businessId: Id, lines: readonly TaxedJournalLine[]): { readonly lines: JournalLine[]; readonly marks: TaxMark[] } {
  const entry: JournalLine[] = lines.map(({ account_id, debit, credit, tracking }) => ({ account_id, debit, credit, ...withTracking(tracking) }));
  const marks: TaxMark[] = lines.map((line) => (line.tax_rate_id ? { rate: line.tax_rate_id, figure: line.credit > 0 ? 'sn' : 'pn' } : null));
  const sums = new Map<string, { rate: Id; figure: 'st' | 'pt' | 'rc'; amount: number }>();
  const add = (rate: Id, figure: 'st' | 'pt' | 'rc', amount: number) => {
    if (amount === 0) return;
    const at = sums.get(`${rate}:${figure}`) ?? { rate, figure, amount: 0 };
    sums.set(`${rate}:${figure}`, { ...at, amount: at.amount + amount });
  };
  for (const line of lines) {
    if (!line.tax_rate_id) continue;
    add(line.tax_rate_id, line.credit > 0 ? 'st' : 'pt', line.tax ?? 0);
    add(line.tax_rate_id, 'rc', line.reverse_charge_tax ?? 0);
  }
  const payable = systemAccountId(businessId, 'tax_payable');
  const receivable = systemAccountId(businessId, 'tax_receivable');
  for (const { rate, figure, amount } of sums.values()) {
    if (figure === 'st') entry.push({ account_id: payable, debit: 0, credit: amount });
    else entry.push({ account_id: receivable, debit: amount, credit: 0 });
    marks.push({ rate, figure });
    if (figure !== 'rc') continue;
    // Self-assessed: due as well as deductible; the credit moves no figure of its own (it is in `rc`).
    entry.push({ account_id: payable, debit: 0, credit: amount });
    marks.push(null);
  }
  return { lines: entry, marks };
}
