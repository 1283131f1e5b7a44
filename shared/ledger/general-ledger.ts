/**
 * The general ledger: an account's postings in date order with a running balance (api.md, "General ledger").
 *
 * Served from a projection of journal lines per account, kept off the request path by the stream projector, so a
 * posting's transaction does not grow with its lines (a 100-line journal would otherwise write 100 items more).
 * A journal entry's lines never change once posted (a void posts a reversal; only the rebuild's home-currency
 * migration rewrites old lines, and it rebuilds this projection too), so each line is one item under a key of its
 * own, written by idempotent puts: a redelivered or reordered change writes the same items again, and no marker or
 * transaction is needed, whatever the number of lines. The lines of an account lie in one key range
 * (`<account>#<date>#<created_at>#<entry>#<line>`), so a page of 500 is one Query of 500 items; the opening and
 * closing balances come from the period totals, like the trial balance's.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/db/client.ts';
import { projectionPk, type Key } from '../platform/db/keys.ts';
import { batchGet, queryPage, type Item } from '../platform/db/query.ts';
import type { Id } from '../platform/core/ids.ts';
import { homeAmountsOf } from './home-amounts.ts';
import { systemAccountId, type JournalLine } from './ledger-rules.ts';
import { entriesOfRecentWrites, type EntryParty, type JournalEntryRecord } from './journal.ts';
import { homeCurrencyOf } from './period-totals.ts';
import { withTracking, type TrackingRef } from './tracking/tracking-rules.ts';

export const GENERAL_LEDGER = 'GL';
/** The most lines one page holds. */
export const GENERAL_LEDGER_PAGE = 500;

/** One journal line as the general ledger keeps it: enough to show it without reading its entry. */
export interface LedgerLine {
  readonly account_id: Id;
  readonly date: string;
  readonly journal_entry_id: Id;
  readonly document_type: string;
  readonly document_id: Id;
  readonly document_no: string | null;
  readonly party: EntryParty | null;
  readonly currency: string;
  readonly debit: number;
  readonly credit: number;
  /** Home minor units: the line's own, or for a line booked before the home currency, its amount at the entry's rate. */
  readonly base_debit: number;
  readonly base_credit: number;
  /** The line's tracking options (absent: unassigned), for the ledger filtered by one. */
  readonly tracking?: readonly TrackingRef[];
}

const lineSk = (account: Id, date: string, rest = '') => `${account}#${date}${rest}`;

/**
 * A party's lines on its control account (receivables for a customer, payables for a vendor) lie in a range of their
 * own in the same projection, so a statement reads one party's lines of a period, not the whole account's. The
 * prefix cannot be mistaken for an account's lines: account ids are UUIDs.
 */
const partyLineSk = (party: Id, date: string, rest = '') => `party:${party}#${date}${rest}`;

const CONTROL_ACCOUNT = { customer: 'accounts_receivable', vendor: 'accounts_payable' } as const;

/**
 * The general ledger's items of one journal entry: one per line, keyed by its account, date and place; and one more
 * for each line on the control account of the entry's party, keyed by the party.
 */
export function generalLedgerItemsOf(businessId: Id, entry: JournalEntryRecord, homeCurrency: string): (Key & LedgerLine)[] {
  const control = entry.party ? systemAccountId(businessId, CONTROL_ACCOUNT[entry.party.kind]) : undefined;
  return entry.lines.flatMap((line, index) => {
    const place = `#${entry.created_at}#${entry.id}#${String(index).padStart(3, '0')}`;
    const item = lineItemOf(businessId, entry, line, homeCurrency, lineSk(line.account_id, entry.date, place));
    return line.account_id === control ? [item, { ...item, sk: partyLineSk(entry.party!.id, entry.date, place) }] : [item];
  });
}

function lineItemOf(businessId: Id, entry: JournalEntryRecord, line: JournalLine, homeCurrency: string, sk: string): Key & LedgerLine {
  return {
    pk: projectionPk(businessId, GENERAL_LEDGER),
    sk,
    account_id: line.account_id,
    date: entry.date,
    journal_entry_id: entry.id,
    document_type: entry.document_type,
    document_id: entry.document_id,
    document_no: entry.document_no,
    party: entry.party ?? null,
    currency: entry.currency,
    debit: line.debit,
    credit: line.credit,
    // The same figures before and after the rebuild's home-currency migration writes them onto old lines.
    ...homeAmountsOf(line, entry, homeCurrency),
    ...withTracking(line.tracking),
  };
}

/** Each business's home currency, read once per instance: it is fixed once the business has a posting (`profile.ts`). */
const homeCurrencies = new Map<Id, string>();

/** The general ledger's items of these entries, each key once (a batch may hold an entry twice: posted, then marked reversed). */
async function itemsOfEntries(businessId: Id, entries: readonly JournalEntryRecord[]): Promise<(Key & LedgerLine)[]> {
  const homeCurrency = homeCurrencies.get(businessId) ?? (await homeCurrencyOf(businessId));
  homeCurrencies.set(businessId, homeCurrency);
  return [...new Map(entries.flatMap((entry) => generalLedgerItemsOf(businessId, entry, homeCurrency)).map((item) => [item.sk, item])).values()];
}

/** Writes the general ledger's items of these entries: 25 puts to a BatchWriteItem, side by side, until none is left unprocessed. */
export async function projectGeneralLedger(businessId: Id, entries: readonly JournalEntryRecord[]): Promise<void> {
  if (entries.length === 0) return;
  await putLines(await itemsOfEntries(businessId, entries));
}

/**
 * The lines of the entries the reader's credential wrote lately (`entriesOfRecentWrites`), written before the
 * ledger is read where they are missing or differ: the lines are idempotent puts, so the stream's own write of them
 * changes nothing. Costs one BatchGetItem of their keys when the projector has been there first. Answers the lines
 * and those it wrote.
 */
async function catchUpOwnLines(businessId: Id): Promise<{ readonly lines: readonly (Key & LedgerLine)[]; readonly written: readonly (Key & LedgerLine)[] }> {
  const entries = (await entriesOfRecentWrites(businessId)).map((stored) => stored.record);
  if (entries.length === 0) return { lines: [], written: [] };
  const items = await itemsOfEntries(businessId, entries);
  const read = await batchGet(items.map(({ pk, sk }) => ({ pk, sk })));
  const same = (item: Key & LedgerLine) => JSON.stringify(Object.entries(read(item) ?? {}).sort()) === JSON.stringify(Object.entries(item).sort());
  const missing = items.filter((item) => !same(item));
  await putLines(missing);
  return { lines: items, written: missing };
}

async function putLines(items: readonly (Key & LedgerLine)[]): Promise<void> {
  const chunks = Array.from({ length: Math.ceil(items.length / 25) }, (_, index) => items.slice(index * 25, index * 25 + 25));
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: Record<string, unknown>[] = chunk.map((item) => ({ PutRequest: { Item: item } }));
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
        const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending as never } }));
        pending = (result.UnprocessedItems?.[tableName()] ?? []) as Record<string, unknown>[];
      }
    }),
  );
}

/** Up to `limit` lines of an account from `from` to `to`, after the line a cursor names (its sort key); `last` when more may follow. */
export function ledgerLines(businessId: Id, account: Id, range: LineRange, limit: number): Promise<LinesPage> {
  return linesIn(businessId, `${account}#`, [lineSk(account, range.from), lineSk(account, range.to, '#\uffff')], range.after, limit);
}

/** Up to `limit` of a party's lines on its control account from `from` to `to`, in date order, as `ledgerLines` reads an account's. */
export function partyLedgerLines(businessId: Id, party: Id, range: LineRange, limit: number): Promise<LinesPage> {
  return linesIn(businessId, `party:${party}#`, [partyLineSk(party, range.from), partyLineSk(party, range.to, '#\uffff')], range.after, limit);
}

interface LineRange {
  readonly from: string;
  readonly to: string;
  readonly after?: string | undefined;
}

interface LinesPage {
  readonly lines: (LedgerLine & { readonly sk: string })[];
  readonly last: string | undefined;
}

async function linesIn(businessId: Id, prefix: string, between: readonly [string, string], after: string | undefined, limit: number): Promise<LinesPage> {
  const pk = projectionPk(businessId, GENERAL_LEDGER);
  const read = (): Promise<Item[]> => queryPage({ pk, sortKey: 'sk', prefix, between }, 0, limit, after ? { pk, sk: after } : undefined);
  // Side by side with catching up the reader's own lines; read again when one of them belongs on this page but the
  // first read may not hold it: the catch-up wrote it, or the projector wrote it between that read and the catch-up's.
  // A full page ends at its last line: an own line after that is a later page's, and this one stands.
  const [own, first] = await Promise.all([catchUpOwnLines(businessId), read()]);
  const seen = new Set(first.map((item) => String(item.sk)));
  const end = first.length === limit ? String(first.at(-1)!.sk) : between[1];
  const onPage = (line: Key & LedgerLine) => line.pk === pk && line.sk >= between[0] && line.sk <= end && (!after || line.sk > after);
  const items = own.written.some(onPage) || own.lines.some((line) => onPage(line) && !seen.has(line.sk)) ? await read() : first;
  return { lines: items as unknown as (LedgerLine & { sk: string })[], last: items.length === limit ? String(items.at(-1)!.sk) : undefined };
}

/** Whether a cursor's line belongs to this account's range (a cursor of another account or period is refused). */
export function isLineOf(sk: string, account: Id, range: { readonly from: string; readonly to: string }): boolean {
  return sk >= lineSk(account, range.from) && sk <= lineSk(account, range.to, '#\uffff');
}

/** A line in the report's currency: a bank or cash account's own (only its postings in it), or the home amounts. */
export function shownIn(line: LedgerLine, report: { readonly currency: string; readonly home: boolean }): { readonly debit: number; readonly credit: number } | undefined {
  if (!report.home) return line.currency === report.currency ? { debit: line.debit, credit: line.credit } : undefined;
  return { debit: line.base_debit, credit: line.base_credit };
}
