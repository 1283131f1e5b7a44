/** A form of lines (a document's, a journal's): its rows as posted, the rows that are lines, and a refusal's problems placed on them. */
import type { FieldProblem } from '../core/errors.ts';

/** The most rows a form of lines takes: the API takes at most 200 lines. */
export const MAX_ROWS = 200;

/** How many blank rows "More lines" adds, by a round trip or (with JavaScript) in place. */
export const ROWS_ADDED = 5;

/** A form's rows of lines: each column posted once per row (`lines.<column>`), in order, at most MAX_ROWS. */
export function rowsOf<C extends string>(form: Readonly<Record<string, readonly string[]>>, columns: readonly C[]): Record<C, string>[] {
  const count = Math.min(MAX_ROWS, Math.max(0, ...columns.map((column) => form[`lines.${column}`]?.length ?? 0)));
  return Array.from({ length: count }, (_, index) => Object.fromEntries(columns.map((column) => [column, form[`lines.${column}`]?.[index] ?? ''])) as Record<C, string>);
}

/** The rows that are lines (not wholly empty): `kept[k]` is the form row of the API's `lines[k]`. */
export const keptRows = <C extends string>(rows: readonly Readonly<Record<C, string>>[], columns: readonly C[]) => rows.flatMap((row, index) => (columns.every((column) => row[column].trim() === '') ? [] : [index]));

/**
 * A refusal's problems of `lines[k].<column>`, placed on the form row `kept[k]` (a problem of the whole line,
 * `lines[k]`, beside the row's `rowColumn`); the others are returned to be placed by the caller (header fields,
 * the whole form).
 */
export function placeLineProblems(problems: readonly FieldProblem[], kept: readonly number[], columns: readonly string[], rowColumn: string): { readonly rows: ReadonlyMap<number, ReadonlyMap<string, string>>; readonly others: readonly FieldProblem[] } {
  const rows = new Map<number, Map<string, string>>();
  const others: FieldProblem[] = [];
  for (const problem of problems) {
    const line = /^lines\[(\d+)\](?:\.(\w+))?$/.exec(problem.field);
    const row = line ? kept[Number(line[1])] : undefined;
    const column = line?.[2] ?? rowColumn;
    if (line && row !== undefined && columns.includes(column)) rows.set(row, (rows.get(row) ?? new Map<string, string>()).set(column, problem.message));
    else others.push(problem);
  }
  return { rows, others };
}

/** A problem said above a form: the whole list of lines, the form itself, or any other field by its name. */
export const aboveText = (problem: FieldProblem) => (problem.field === 'lines' ? `Lines: ${problem.message}` : problem.field === 'form' ? problem.message : `${problem.field}: ${problem.message}`);
