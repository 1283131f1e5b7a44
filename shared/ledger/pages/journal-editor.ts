/**
 * The manual journal's form, apart from HTTP and HTML: its rows of lines (an account and a debit or a credit each,
 * a tax rate where the line is taxed; empty rows dropped) as the API's `POST /journals` body, a refusal placed back
 * on its row, and the debit and credit totals, the tax the journal will book included, shown beside the lines so
 * the person sees whether they balance before posting.
 */
import { aboveText, keptRows, placeLineProblems, ROWS_ADDED, rowsOf } from '../../platform/web/line-editor-rules.ts';
import type { JournalCreateInput } from '../journal-schemas.ts';
import { sheetAmount } from '../../platform/core/amount-text.ts';
import type { FieldProblem } from '../../platform/core/errors.ts';
import { toMinor } from '../../platform/core/money.ts';
import { numberOf } from '../../platform/web/record-form-rules.ts';
import { journalLineTaxes, taxSides, type JournalLineToTax } from '../journal-tax.ts';
import { rowTracking, trackingCells, trackingProblemsOnColumns, TRACKING_COLUMNS } from './tracking-columns.ts';

export const JOURNAL_COLUMNS = ['account_id', 'debit', 'credit', 'tax_rate_id', 'description', ...TRACKING_COLUMNS] as const;
export type JournalRow = Readonly<Record<(typeof JOURNAL_COLUMNS)[number], string>>;

export interface JournalTyped {
  readonly date: string;
  readonly narration: string;
  readonly currency: string;
  readonly rows: readonly JournalRow[];
}

export const blankJournalRow = (): JournalRow => ({ account_id: '', debit: '', credit: '', tax_rate_id: '', description: '', tracking_0: '', tracking_1: '' });

export function journalTypedOf(form: Readonly<Record<string, readonly string[]>>): JournalTyped {
  return { date: form.date?.[0] ?? '', narration: form.narration?.[0] ?? '', currency: form.currency?.[0] ?? '', rows: rowsOf(form, JOURNAL_COLUMNS) };
}

/** A draft journal's body as the form shows it, with rows to add lines. */
export function journalTypedOfBody(body: JournalCreateInput): JournalTyped {
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const rows = body.lines.map((line) => ({ ...blankJournalRow(), account_id: line.account_id, debit: text(line.debit), credit: text(line.credit), tax_rate_id: text(line.tax_rate_id), description: text(line.description), ...trackingCells(line.tracking ?? []) }));
  return { date: body.date, narration: body.narration, currency: text(body.currency), rows: [...rows, ...Array.from({ length: ROWS_ADDED }, blankJournalRow)] };
}

/** The API body, and the form row of each of its lines. */
export function journalBody(typed: JournalTyped): { readonly body: Record<string, unknown>; readonly kept: readonly number[] } {
  const kept = keptRows(typed.rows, JOURNAL_COLUMNS);
  const lines = kept.map((index) => {
    const row = typed.rows[index]!;
    const line: Record<string, unknown> = { account_id: row.account_id.trim() };
    if (row.debit.trim()) line.debit = numberOf(row.debit.trim());
    if (row.credit.trim()) line.credit = numberOf(row.credit.trim());
    if (row.tax_rate_id.trim()) line.tax_rate_id = row.tax_rate_id.trim();
    if (row.description.trim()) line.description = row.description.trim();
    const tracking = rowTracking(row);
    if (tracking.length > 0) line.tracking = tracking;
    return line;
  });
  const body: Record<string, unknown> = { date: typed.date.trim(), narration: typed.narration.trim(), lines };
  if (typed.currency.trim()) body.currency = typed.currency.trim();
  return { body, kept };
}

/** A refusal on the journal form: line problems on their rows, date and narration beside their fields, the rest above. */
export function placeJournalProblems(problems: readonly FieldProblem[], kept: readonly number[], typedRows: readonly JournalRow[] = []) {
  const { rows, others } = placeLineProblems(trackingProblemsOnColumns(problems, typedRows, kept), kept, JOURNAL_COLUMNS, 'debit');
  const header = new Map(others.filter((problem) => ['date', 'narration', 'currency'].includes(problem.field)).map((problem) => [problem.field, problem.message]));
  return { rows, header, above: others.filter((problem) => !header.has(problem.field)).map(aboveText) };
}

/** The tax rates a journal line may name, as the form counts their tax: the rate's percentages and how the business rounds. */
export interface JournalTaxRates {
  readonly rates: ReadonlyMap<string, NonNullable<JournalLineToTax['rate']>>;
  readonly rounding: 'rate' | 'line';
}

/**
 * The typed debits and credits summed (what is not a number counts nothing), each with the tax the journal will
 * book for its rated lines (`journal-tax.ts`, the posting's own rule), to show whether they balance.
 */
export function journalTotals(rows: readonly JournalRow[], currency: string, tax: JournalTaxRates = { rates: new Map(), rounding: 'rate' }): { readonly debit: string; readonly credit: string; readonly taxed: boolean; readonly balanced: boolean } {
  const minor = (text: string) => Math.max(0, toMinor(Number(text.trim() || '0'), currency) ?? 0);
  const lines = rows.map((row) => ({ debit: minor(row.debit), credit: minor(row.credit), rate: tax.rates.get(row.tax_rate_id.trim()) ?? null }));
  const sides = taxSides(journalLineTaxes(lines, tax.rounding).map((taxed, index) => ({ ...taxed, debit: lines[index]!.debit })));
  const debit = lines.reduce((total, line) => total + line.debit, sides.debit);
  const credit = lines.reduce((total, line) => total + line.credit, sides.credit);
  return { debit: sheetAmount(debit, currency), credit: sheetAmount(credit, currency), taxed: sides.debit + sides.credit > 0, balanced: debit === credit };
}
