/**
 * The manual journal's form, apart from HTTP and HTML: its rows of lines (an account and a debit or a credit each;
 * empty rows dropped) as the API's `POST /journals` body, a refusal placed back on its row, and the debit and
 * credit totals shown beside the lines so the person sees whether they balance before posting.
 */
import { aboveText, keptRows, placeLineProblems, rowsOf } from '../../platform/web/line-editor-rules.ts';
import { sheetAmount } from '../../platform/core/amount-text.ts';
import type { FieldProblem } from '../../platform/core/errors.ts';
import { toMinor } from '../../platform/core/money.ts';
import { numberOf } from '../../platform/web/record-form-rules.ts';

export const JOURNAL_COLUMNS = ['account_id', 'debit', 'credit', 'description'] as const;
export type JournalRow = Readonly<Record<(typeof JOURNAL_COLUMNS)[number], string>>;

export interface JournalTyped {
  readonly date: string;
  readonly narration: string;
  readonly currency: string;
  readonly rows: readonly JournalRow[];
}

export const blankJournalRow = (): JournalRow => ({ account_id: '', debit: '', credit: '', description: '' });

export function journalTypedOf(form: Readonly<Record<string, readonly string[]>>): JournalTyped {
  return { date: form.date?.[0] ?? '', narration: form.narration?.[0] ?? '', currency: form.currency?.[0] ?? '', rows: rowsOf(form, JOURNAL_COLUMNS) };
}

/** The API body, and the form row of each of its lines. */
export function journalBody(typed: JournalTyped): { readonly body: Record<string, unknown>; readonly kept: readonly number[] } {
  const kept = keptRows(typed.rows, JOURNAL_COLUMNS);
  const lines = kept.map((index) => {
    const row = typed.rows[index]!;
    const line: Record<string, unknown> = { account_id: row.account_id.trim() };
    if (row.debit.trim()) line.debit = numberOf(row.debit.trim());
    if (row.credit.trim()) line.credit = numberOf(row.credit.trim());
    if (row.description.trim()) line.description = row.description.trim();
    return line;
  });
  const body: Record<string, unknown> = { date: typed.date.trim(), narration: typed.narration.trim(), lines };
  if (typed.currency.trim()) body.currency = typed.currency.trim();
  return { body, kept };
}

/** A refusal on the journal form: line problems on their rows, date and narration beside their fields, the rest above. */
export function placeJournalProblems(problems: readonly FieldProblem[], kept: readonly number[]) {
  const { rows, others } = placeLineProblems(problems, kept, JOURNAL_COLUMNS, 'debit');
  const header = new Map(others.filter((problem) => ['date', 'narration', 'currency'].includes(problem.field)).map((problem) => [problem.field, problem.message]));
  return { rows, header, above: others.filter((problem) => !header.has(problem.field)).map(aboveText) };
}

/** The typed debits and credits summed (what is not a number counts nothing), to show whether they balance. */
export function journalTotals(rows: readonly JournalRow[], currency: string): { readonly debit: string; readonly credit: string; readonly balanced: boolean } {
  const sum = (column: 'debit' | 'credit') => rows.reduce((total, row) => total + (toMinor(Number(row[column].trim() || '0'), currency) ?? 0), 0);
  const [debit, credit] = [sum('debit'), sum('credit')];
  return { debit: sheetAmount(debit, currency), credit: sheetAmount(credit, currency), balanced: debit === credit };
}
