/**
 * The dashboard's reports as tables: one shape that the page draws as HTML, the chart reads its figures from and
 * the CSV download writes, so the three never disagree. Built from the API's own report answers.
 */
import { csvLines } from '../../platform/core/csv.ts';
import { ExactDecimal, minorDigits } from '../../platform/core/money.ts';

export type Figure = number | ExactDecimal | null;

export interface ReportRow {
  readonly label: string;
  readonly values: readonly Figure[];
  readonly kind: 'heading' | 'line' | 'total';
  /** Where a click on the row leads (a party's open documents). */
  readonly href?: string;
}

export interface ReportTable {
  readonly caption: string;
  readonly currency: string;
  readonly columns: readonly string[];
  readonly rows: readonly ReportRow[];
}

/** A figure as a plain number, for a chart (a sum past 2^53 minor units loses digits there, never in the table). */
export const numberOfFigure = (figure: Figure) => (figure === null ? 0 : figure instanceof ExactDecimal ? Number(figure.text) : figure);

/** A figure as the CSV writes it: plain digits with the currency's decimals, no symbol, no grouping. */
export function figureText(figure: Figure, currency: string): string {
  if (figure === null) return '';
  if (figure instanceof ExactDecimal) return figure.text;
  return figure.toFixed(minorDigits(currency));
}

interface StatementLineLike {
  readonly account_id: string | null;
  readonly code: string | null;
  readonly name: string;
  readonly amount: Figure;
}

/**
 * A section of a statement, its accounts in the current period and the previous one side by side (an account with
 * figures in either shows in both columns), then its total.
 */
export function sectionRows(title: string, current: readonly StatementLineLike[], previous: readonly StatementLineLike[], totalLabel: string, totals: readonly [Figure, Figure]): ReportRow[] {
  const keyOf = (line: StatementLineLike) => line.account_id ?? `name:${line.name}`;
  const order = [...current, ...previous.filter((line) => !current.some((other) => keyOf(other) === keyOf(line)))];
  const amountIn = (lines: readonly StatementLineLike[], key: string) => lines.find((line) => keyOf(line) === key)?.amount ?? 0;
  return [
    { label: title, values: [null, null], kind: 'heading' },
    ...order.map((line): ReportRow => ({ label: `${line.code ? `${line.code} ` : ''}${line.name}`, values: [amountIn(current, keyOf(line)), amountIn(previous, keyOf(line))], kind: 'line' })),
    { label: totalLabel, values: totals, kind: 'total' },
  ];
}

/** The table as RFC 4180 CSV (CRLF line ends), headed by its columns, each figure in plain digits. */
export function csvOf(table: ReportTable): string {
  const lines = [table.columns, ...table.rows.map((row) => [row.label, ...row.values.map((value) => figureText(value, table.currency))])];
  return csvLines(lines);
}
