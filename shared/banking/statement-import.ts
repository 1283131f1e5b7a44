import { createHash } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { parseSync as parseOfx } from 'ofx-js';
import { isCalendarDate } from '../domain/dates.ts';
import { RuleViolation, type FieldProblem } from '../domain/errors.ts';
import type { LineInput, StatedBalance } from './lines.ts';

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

function fromCsv(request: CsvImport): { lines: LineInput[]; problems: FieldProblem[] } {
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
  const lines: LineInput[] = [];
  for (const { record, info } of records) {
    const line = `line ${info.lines}`;
    const date = isoDate(record[request.mapping.date] ?? '', request.date_format ?? 'YYYY-MM-DD');
    const amount = amountOf(record[request.mapping.amount] ?? '');
    if (!date) problems.push({ field: line, message: `date "${record[request.mapping.date] ?? ''}" is not a ${request.date_format ?? 'YYYY-MM-DD'} date` });
    if (amount === null) problems.push({ field: line, message: `amount "${record[request.mapping.amount] ?? ''}" is not a number` });
    if (date && amount !== null) {
      lines.push({
        date,
        amount,
        description: request.mapping.description ? record[request.mapping.description] || undefined : undefined,
        external_id: request.mapping.external_id ? record[request.mapping.external_id] || undefined : undefined,
      });
    }
  }
  return { lines, problems };
}

function fromOfx(request: OfxImport): { lines: LineInput[]; problems: FieldProblem[]; closing?: StatedBalance } {
  let parsed: ReturnType<typeof parseOfx>;
  try {
    parsed = parseOfx(request.content);
  } catch (error) {
    throw RuleViolation.of('content', `is not a valid OFX file: ${(error as Error).message}`);
  }
  const statement = parsed.OFX?.BANKMSGSRSV1?.STMTTRNRS?.STMTRS ?? parsed.OFX?.CREDITCARDMSGSRSV1?.CCSTMTTRNRS?.CCSTMTRS;
  if (!statement) throw RuleViolation.of('content', 'holds no bank or card statement');
  const raw = statement.BANKTRANLIST?.STMTTRN;
  const transactions: Record<string, string>[] = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const problems: FieldProblem[] = [];
  const lines: LineInput[] = [];
  transactions.forEach((transaction, index) => {
    const field = `transaction ${index + 1}`;
    const posted = /^(\d{4})(\d{2})(\d{2})/.exec(String(transaction.DTPOSTED ?? ''));
    const date = posted ? `${posted[1]}-${posted[2]}-${posted[3]}` : null;
    const amount = amountOf(String(transaction.TRNAMT ?? ''));
    if (!date || !isCalendarDate(date)) problems.push({ field, message: `DTPOSTED "${transaction.DTPOSTED ?? ''}" is not a date` });
    if (amount === null) problems.push({ field, message: `TRNAMT "${transaction.TRNAMT ?? ''}" is not a number` });
    if (date && isCalendarDate(date) && amount !== null) {
      lines.push({ date, amount, description: [transaction.NAME, transaction.MEMO].filter(Boolean).join(' · ') || undefined, external_id: transaction.FITID ? String(transaction.FITID) : undefined });
    }
  });
  const closing = closingOf(statement.LEDGERBAL);
  return closing ? { lines, problems, closing } : { lines, problems };
}

/** OFX's LEDGERBAL: the balance the bank states as of DTASOF, when both read. */
function closingOf(ledgerBalance: { BALAMT?: unknown; DTASOF?: unknown } | undefined): StatedBalance | undefined {
  const at = /^(\d{4})(\d{2})(\d{2})/.exec(String(ledgerBalance?.DTASOF ?? ''));
  const balance = amountOf(String(ledgerBalance?.BALAMT ?? ''));
  const date = at ? `${at[1]}-${at[2]}-${at[3]}` : null;
  return date && isCalendarDate(date) && balance !== null ? { date, balance } : undefined;
}

/** Reads a statement file into lines. Any bad row rejects the whole file, every problem named by its row. */
export function readStatement(request: CsvImport | OfxImport): { readonly lines: LineInput[]; readonly closing?: StatedBalance } {
  const read: { lines: LineInput[]; problems: FieldProblem[]; closing?: StatedBalance } = request.format === 'csv' ? fromCsv(request) : fromOfx(request);
  if (read.problems.length > 0) throw new RuleViolation(read.problems);
  if (read.lines.length === 0) throw RuleViolation.of('content', 'holds no statement lines');
  const lines = withExternalIds(read.lines);
  return read.closing ? { lines, closing: read.closing } : { lines };
}
