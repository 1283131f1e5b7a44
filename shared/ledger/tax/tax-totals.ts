/**
 * Per-rate tax totals kept as postings land, for the tax return (`GET /reports/tax-summary`): each posting that
 * carries tax rates moves an attribute per rate and figure (sales net and tax, purchases net and tax, `t:<rate>:<figure>`),
 * in the home currency as its journal books them, on the day and month period-total items its journal entry moves
 * already; and the cash basis's gap, the negative of what settlement has yet to recognise per rate, on the
 * cash-basis items the accounts' gap moves already. Cash is the totals plus the gap. The attributes ride on items
 * the posting writes anyway, so they cost it no item of its 100 (the rebuild owns only the balance attributes). A report reads the months before its end and the days of its last month,
 * as the other reports do: bounded by months, never by postings.
 */
import type { Id } from '../../platform/core/ids.ts';
import type { Key } from '../../platform/db/keys.ts';
import { cashBasisKey } from '../cash-basis.ts';
import { periodTotalKey } from '../period-totals.ts';
import type { WriteTransaction } from '../../platform/db/transaction.ts';
import { cashBasisGap, deltasBetween, type Deltas } from '../cash-basis-rules.ts';
import type { BookedLine } from '../home-amounts.ts';
import { systemAccountId } from '../ledger-rules.ts';
import { periodsOf, type PeriodGrain } from '../period-totals-rules.ts';
import { apportion } from '../totals.ts';
import { CASH_BASIS_TYPES, DOCUMENT_SPECS, isCreditType, type DocumentType } from '../documents/specs.ts';

/** What of a document its tax figures are made of (the documents' records pass it with its booked journal lines). */
export interface TaxedDocument {
  readonly type: DocumentType;
  readonly journal_entry_id: Id | null;
  readonly payment_account_id: Id | null;
  readonly lines: readonly { readonly tax_rate_id?: Id | null; readonly amount: number; readonly tax: number; readonly reverse_charge_tax?: number }[];
  readonly total: number;
  readonly voided_at: string | null;
}

/** A document as its tax figures read it: itself, its journal lines in the home currency, what it has settled. */
export interface TaxedPosting {
  readonly document: TaxedDocument;
  readonly booked: readonly BookedLine[];
  readonly settled: number;
}

/** The figures kept per rate: sales net and tax, purchases net and tax, and tax self-assessed on purchases (reverse charge). */
export const TAX_FIGURES = ['sn', 'st', 'pn', 'pt', 'rc'] as const;
export type TaxFigure = (typeof TAX_FIGURES)[number];

export const taxAttribute = (rateId: string, figure: TaxFigure) => `t:${rateId}:${figure}`;
export const TAX_ATTRIBUTE = /^t:([0-9a-f-]{36}):(sn|st|pn|pt|rc)$/;

const keyOf = (items: 'totals' | 'gap', businessId: Id, grain: PeriodGrain, period: string): Key => (items === 'totals' ? periodTotalKey(businessId, grain, period) : cashBasisKey(businessId, grain, period));


/**
 * A posted document's tax figures per rate in the home currency: its journal's net lines and tax line as booked
 * (each converted once), shared over its rates by their own amounts, so the figures add up to what the journal
 * moved on the tax account. A credit note's are negative sales, a vendor credit's negative purchases. Lines posted before tax rates name none: nothing.
 */
export function taxDeltasOf(businessId: Id, { document, booked }: TaxedPosting): Deltas {
  if (!document.journal_entry_id) return {};
  const rated = document.lines.filter((line) => line.tax_rate_id);
  if (rated.length === 0) return {};
  const sales = DOCUMENT_SPECS[document.type].party === 'customer';
  const isCredit = isCreditType(document.type);
  const sign = isCredit ? -1n : 1n;
  const byRate = new Map<string, { net: bigint; tax: bigint; selfAssessed: bigint }>();
  for (const line of rated) {
    const at = byRate.get(line.tax_rate_id!) ?? { net: 0n, tax: 0n, selfAssessed: 0n };
    byRate.set(line.tax_rate_id!, { net: at.net + BigInt(line.amount), tax: at.tax + BigInt(line.tax), selfAssessed: at.selfAssessed + BigInt(line.reverse_charge_tax ?? 0) });
  }
  const taxAccounts = new Set([systemAccountId(businessId, 'tax_payable'), systemAccountId(businessId, 'tax_receivable')]);
  const notNet = new Set([...taxAccounts, systemAccountId(businessId, 'accounts_receivable'), systemAccountId(businessId, 'accounts_payable'), systemAccountId(businessId, 'realized_fx'), ...(document.payment_account_id ? [document.payment_account_id] : [])]);
  // A sale credits its net and tax, a purchase debits them; a credit document does the reverse of its side.
  const credited = sales !== isCredit;
  const signed = (line: { base_debit: number; base_credit: number }) => BigInt(credited ? line.base_credit - line.base_debit : line.base_debit - line.base_credit);
  const homeNet = booked.filter((line) => !notNet.has(line.account_id)).reduce((sum, line) => sum + signed(line), 0n);
  // Self-assessed tax moves both tax accounts alike: it cancels out of the tax above, and is the purchase's credit to tax payable.
  const homeTax = booked.filter((line) => taxAccounts.has(line.account_id)).reduce((sum, line) => sum + signed(line), 0n);
  const payable = systemAccountId(businessId, 'tax_payable');
  // A vendor credit takes self-assessed tax back (debits tax payable): its share is signed as its net and tax are.
  const homeSelfAssessed = sales ? 0n : booked.filter((line) => line.account_id === payable).reduce((sum, line) => sum + BigInt(line.base_credit - line.base_debit), 0n) * sign;
  // Only the rated lines' share: a document mixing lines from before tax rates is not one this service writes.
  const rates = [...byRate.keys()];
  const nets = apportion(homeNet, rates.map((rate) => byRate.get(rate)!.net));
  const taxes = apportion(homeTax, rates.map((rate) => byRate.get(rate)!.tax));
  const selfAssessed = apportion(homeSelfAssessed, rates.map((rate) => byRate.get(rate)!.selfAssessed));
  const deltas: Record<string, number> = {};
  rates.forEach((rate, index) => {
    deltas[taxAttribute(rate, sales ? 'sn' : 'pn')] = Number(sign * nets[index]!);
    deltas[taxAttribute(rate, sales ? 'st' : 'pt')] = Number(sign * taxes[index]!);
    if (selfAssessed[index]) deltas[taxAttribute(rate, 'rc')] = Number(sign * selfAssessed[index]!);
  });
  return deltas;
}

/** The cash basis's gap of a document's tax figures: less what it has yet to recognise; none once settled in full, or voided. */
export function taxGapOf(businessId: Id, posting: TaxedPosting): Deltas {
  if (!CASH_BASIS_TYPES.has(posting.document.type)) return {};
  return cashBasisGap(taxDeltasOf(businessId, posting), posting.settled, posting.document.total, posting.document.voided_at !== null);
}

function tallyOn(tx: WriteTransaction, items: 'totals' | 'gap', businessId: Id, date: string, deltas: Deltas): void {
  const moved = Object.fromEntries(Object.entries(deltas).filter(([, value]) => value !== 0));
  if (Object.keys(moved).length === 0) return;
  for (const { grain, period } of periodsOf(date)) tx.tally(items === 'totals' ? 'PERIODTOTAL:add' : 'CASHBASIS:add', keyOf(items, businessId, grain, period), moved);
}

/** A new document's figures on its date, and on the cash basis what it has yet to recognise. */
export function addDocumentTax(tx: WriteTransaction, businessId: Id, date: string, posting: TaxedPosting): void {
  tallyOn(tx, 'totals', businessId, date, taxDeltasOf(businessId, posting));
  tallyOn(tx, 'gap', businessId, date, taxGapOf(businessId, posting));
}

/**
 * A change of a document on `date`: a void reverses its figures on that date (the accrual basis); any change of
 * what it has settled, or its void, moves what cash basis has yet to recognise on that date.
 */
export function addDocumentTaxChange(tx: WriteTransaction, businessId: Id, date: string, before: TaxedPosting, after: TaxedPosting): void {
  if (!before.document.voided_at && after.document.voided_at) tallyOn(tx, 'totals', businessId, date, deltasBetween(taxDeltasOf(businessId, before), {}));
  tallyOn(tx, 'gap', businessId, date, deltasBetween(taxGapOf(businessId, before), taxGapOf(businessId, after)));
}

/**
 * A journal line's part in the tax return, for a posting whose lines say it themselves (a manual journal): the
 * rate and figure its home amount moves. Sales figures grow with a credit; purchase and self-assessed ones with a debit.
 */
export type TaxMark = { readonly rate: Id; readonly figure: TaxFigure } | null;

const CREDITED_FIGURES: ReadonlySet<TaxFigure> = new Set(['sn', 'st']);

/** The per-rate figures of booked lines, `marks[i]` naming what `booked[i]` moves (lines past the marks, such as a gains line, move none). */
export function markedTaxDeltas(booked: readonly BookedLine[], marks: readonly TaxMark[]): Deltas {
  const deltas: Record<string, number> = {};
  marks.forEach((mark, index) => {
    const line = booked[index];
    if (!mark || !line) return;
    const name = taxAttribute(mark.rate, mark.figure);
    deltas[name] = (deltas[name] ?? 0) + (CREDITED_FIGURES.has(mark.figure) ? line.base_credit - line.base_debit : line.base_debit - line.base_credit);
  });
  return deltas;
}

/** Figures on `date`, added (`sign` 1) as a posting lands or taken off (−1) as it is voided or undone. */
export function addTaxFigures(tx: WriteTransaction, businessId: Id, date: string, deltas: Deltas, sign: 1 | -1): void {
  tallyOn(tx, 'totals', businessId, date, Object.fromEntries(Object.entries(deltas).map(([name, value]) => [name, sign * value])));
}

/** A bank line categorized at a tax rate: the tax inside its amount, as its journal books it. */
export interface CategorizedTax {
  readonly rateId: Id | null;
  /** Money in: a sale; money out: a purchase. */
  readonly sales: boolean;
  /** The account it was categorized to: its net. */
  readonly account: Id;
  readonly booked: readonly BookedLine[];
}

/** Its figures as it is categorized: the net on the account it was categorized to, the tax on the tax accounts. */
export function categorizedTaxDeltas(businessId: Id, posting: CategorizedTax): Deltas {
  if (!posting.rateId) return {};
  const taxAccounts = new Set([systemAccountId(businessId, 'tax_payable'), systemAccountId(businessId, 'tax_receivable')]);
  const signed = (line: BookedLine) => (posting.sales ? line.base_credit - line.base_debit : line.base_debit - line.base_credit);
  const net = posting.booked.filter((line) => line.account_id === posting.account).reduce((sum, line) => sum + signed(line), 0);
  const tax = posting.booked.filter((line) => taxAccounts.has(line.account_id)).reduce((sum, line) => sum + signed(line), 0);
  // Self-assessed tax (money out at a reverse-charge rate) moves both tax accounts alike: out of `tax`, into `rc`.
  const payable = systemAccountId(businessId, 'tax_payable');
  const selfAssessed = posting.sales ? 0 : posting.booked.filter((line) => line.account_id === payable).reduce((sum, line) => sum + line.base_credit - line.base_debit, 0);
  return { [taxAttribute(posting.rateId, posting.sales ? 'sn' : 'pn')]: net, [taxAttribute(posting.rateId, posting.sales ? 'st' : 'pt')]: tax, ...(selfAssessed !== 0 ? { [taxAttribute(posting.rateId, 'rc')]: selfAssessed } : {}) };
}
