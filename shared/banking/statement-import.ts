import { createHash } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import * as v from 'valibot';
import { isCalendarDate } from '../platform/core/dates.ts';
import { RuleViolation, type FieldProblem } from '../platform/core/errors.ts';
import type { LineInput, StatedBalance } from './lines.ts';
import { OfxSyntaxError, parseOfx, type OfxNode } from './ofx.ts';
import { Amount } from '../platform/core/fields.ts';
import { BankLineInput } from './schemas.ts';

export type DateFormat = 'YYYY-MM-DD' | 'DD/MM/YYYY' | 'MM/DD/YYYY';

export interface CsvImport {
  readonly format: 'csv';
  readonly content: string;
  /** Which header names the statement uses for each field. */
  readonly mapping: { readonly date: string; readonly amount: string; readonly description?: string | undefined; readonly external_id?: string | undefined };
  readonly date_format?: DateFormat | undefined;
}

export interface OfxImport {
  readonly format: 'ofx';
  readonly content: string;
}

function isoDate(text: string, format: DateFormat): string | null {
  const value = text.trim();
  const parts = format === 'YYYY-MM-DD' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!parts) return null;
  const [, a, b, c] = parts;
  const iso = format === 'YYYY-MM-DD' ? `${a}-${b}-${c}` : format === 'DD/MM/YYYY' ? `${c}-${b}-${a}` : `${c}-${a}-${b}`;
  return isCalendarDate(iso) ? iso : null;
}

/** A signed decimal as statements write it: "-12.50", "1,234.00" (thousands separators dropped). */
function amountOf(text: string): number | null {
  const value = text.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  return /^[+-]?\d+(\.\d+)?$/.test(value) ? Number(value) : null;
}

/**
 * A line without an external id gets one from its own content and its place among identical lines, so that
 * importing the same file again skips every line instead of doubling them.
 */
function withExternalIds(lines: LineInput[]): LineInput[] {
  const occurrences = new Map<string, number>();
  return lines.map((line) => {
    if (line.external_id) return line;
    const content = `${line.date}|${line.amount}|${line.description ?? ''}`;
    const occurrence = (occurrences.get(content) ?? 0) + 1;
    occurrences.set(content, occurrence);
    return { ...line, external_id: `import:${createHash('sha256').update(`${content}|${occurrence}`).digest('hex').slice(0, 32)}` };
  });
}

/** A line read from a file, with the words that name its row in a refusal ("line 7", "transaction 3"). */
interface ReadLine {
  readonly row: string;
  readonly line: LineInput;
}

interface ReadFile {
  readonly lines: ReadLine[];
  readonly problems: FieldProblem[];
  readonly closing?: StatedBalance;
}

function fromCsv(request: CsvImport): ReadFile {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parseCsv(request.content, { columns: true, skip_empty_lines: true, trim: true, info: true, bom: true }) as typeof records;
  } catch (error) {
    throw RuleViolation.of('content', `is not valid CSV: ${(error as Error).message}`);
  }
  const header = Object.keys(records[0]?.record ?? {});
  const missing = Object.entries(request.mapping).filter(([, column]) => column !== undefined && !header.includes(column));
  if (records.length > 0 && missing.length > 0) throw new RuleViolation(missing.map(([field, column]) => ({ field: `mapping.${field}`, message: `names a column "${column}" the header does not have` })));
  const problems: FieldProblem[] = [];
  const lines: ReadLine[] = [];
  for (const { record, info } of records) {
    const line = `line ${info.lines}`;
    const date = isoDate(record[request.mapping.date] ?? '', request.date_format ?? 'YYYY-MM-DD');
    const amount = amountOf(record[request.mapping.amount] ?? '');
    if (!date) problems.push({ field: line, message: `date "${record[request.mapping.date] ?? ''}" is not a ${request.date_format ?? 'YYYY-MM-DD'} date` });
    if (amount === null) problems.push({ field: line, message: `amount "${record[request.mapping.amount] ?? ''}" is not a number` });
    if (date && amount !== null) {
      lines.push({
        row: line,
        line: {
          date,
          amount,
          description: request.mapping.description ? record[request.mapping.description] || undefined : undefined,
          external_id: request.mapping.external_id ? record[request.mapping.external_id] || undefined : undefined,
        },
      });
    }
  }
  return { lines, problems };
}

/** A child element of an aggregate, when the node is one. */
function child(node: OfxNode | OfxNode[] | undefined, name: string): OfxNode | OfxNode[] | undefined {
  return node !== undefined && typeof node === 'object' && !Array.isArray(node) ? node[name] : undefined;
}

/** A leaf's text; an aggregate or a repeated element where a leaf belongs reads as no text. */
const textOf = (node: OfxNode | OfxNode[] | undefined): string => (typeof node === 'string' ? node : '');

function fromOfx(request: OfxImport): ReadFile {
  let parsed: OfxNode;
  try {
    parsed = parseOfx(request.content);
  } catch (error) {
    if (error instanceof OfxSyntaxError) throw RuleViolation.of('content', `is not a valid OFX file: it ${error.message}`);
    throw error;
  }
  const ofx = child(parsed, 'OFX');
  const statement = child(child(child(ofx, 'BANKMSGSRSV1'), 'STMTTRNRS'), 'STMTRS') ?? child(child(child(ofx, 'CREDITCARDMSGSRSV1'), 'CCSTMTTRNRS'), 'CCSTMTRS');
  if (!statement || typeof statement !== 'object' || Array.isArray(statement)) throw RuleViolation.of('content', 'holds no bank or card statement');
  const raw = child(child(statement, 'BANKTRANLIST'), 'STMTTRN');
  const transactions: OfxNode[] = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const problems: FieldProblem[] = [];
  const lines: ReadLine[] = [];
  transactions.forEach((transaction, index) => {
    const field = `transaction ${index + 1}`;
    const postedText = textOf(child(transaction, 'DTPOSTED'));
    const amountText = textOf(child(transaction, 'TRNAMT'));
    const posted = /^(\d{4})(\d{2})(\d{2})/.exec(postedText);
    const date = posted ? `${posted[1]}-${posted[2]}-${posted[3]}` : null;
    const amount = amountOf(amountText);
    if (!date || !isCalendarDate(date)) problems.push({ field, message: `DTPOSTED "${postedText.slice(0, 40)}" is not a date` });
    if (amount === null) problems.push({ field, message: `TRNAMT "${amountText.slice(0, 40)}" is not a number` });
    if (date && isCalendarDate(date) && amount !== null) {
      const fitId = textOf(child(transaction, 'FITID'));
      const description = [textOf(child(transaction, 'NAME')), textOf(child(transaction, 'MEMO'))].filter(Boolean).join(' · ');
      lines.push({ row: field, line: { date, amount, description: description || undefined, external_id: fitId || undefined } });
    }
  });
  const closing = closingOf(child(statement, 'LEDGERBAL'));
  return closing ? { lines, problems, closing } : { lines, problems };
}

/** OFX's LEDGERBAL: the balance the bank states as of DTASOF, when both read. */
function closingOf(ledgerBalance: OfxNode | OfxNode[] | undefined): StatedBalance | undefined {
  const at = /^(\d{4})(\d{2})(\d{2})/.exec(textOf(child(ledgerBalance, 'DTASOF')));
  const balance = amountOf(textOf(child(ledgerBalance, 'BALAMT')));
  const date = at ? `${at[1]}-${at[2]}-${at[3]}` : null;
  return date && isCalendarDate(date) && balance !== null && v.is(Amount, balance) ? { date, balance } : undefined;
}

/**
 * Each row against the rules `POST …/lines` applies to a line (the amount's bounds, the texts' lengths), every
 * problem named by its row, so that an import can store nothing a direct call would refuse.
 */
function checkedRows(rows: readonly ReadLine[]): { lines: LineInput[]; problems: FieldProblem[] } {
  const lines: LineInput[] = [];
  const problems: FieldProblem[] = [];
  for (const { row, line } of rows) {
    const checked = v.safeParse(BankLineInput, line);
    if (checked.success) lines.push(checked.output);
    else for (const issue of checked.issues) problems.push({ field: row, message: `${v.getDotPath(issue) ?? 'line'} ${issue.message}` });
  }
  return { lines, problems };
}

/** Reads a statement file into lines. Any bad row rejects the whole file, every problem named by its row. */
export function readStatement(request: CsvImport | OfxImport): { readonly lines: LineInput[]; readonly closing?: StatedBalance } {
  const read = request.format === 'csv' ? fromCsv(request) : fromOfx(request);
  const checked = checkedRows(read.lines);
  const problems = [...read.problems, ...checked.problems];
  if (problems.length > 0) throw new RuleViolation(problems.slice(0, 100));
  if (checked.lines.length === 0) throw RuleViolation.of('content', 'holds no statement lines');
  const lines = withExternalIds(checked.lines);
  return read.closing ? { lines, closing: read.closing } : { lines };
}
