import { DATED_COUNTS } from '../platform/db/dated-counts.ts';
import { collection } from '../platform/db/collection.ts';
import type { WriteTransaction } from '../platform/db/transaction.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { isBalanced, reversal, type JournalLine } from './ledger-rules.ts';
import { facetKey } from '../platform/db/keys.ts';
import { addToPeriodTotals } from './period-totals.ts';
import { addToTrackingTotals } from './tracking/tracking-totals.ts';
import { homeAmountsOf } from './home-amounts.ts';
import { HOME_RATE, type Rate } from './exchange.ts';
import { StateConflict } from '../platform/core/errors.ts';
import { recentWritesOfActing, recordsNamed, type RecentWrite } from '../platform/trail/recent-writes.ts';
import { DOCUMENT_SPECS } from './documents/specs.ts';
import type { Stored } from '../platform/db/collection.ts';

export interface EntryParty {
  readonly kind: 'customer' | 'vendor';
  readonly id: Id;
}

export interface JournalEntryRecord {
  readonly id: Id;
  readonly document_id: Id;
  readonly document_type: string;
  readonly document_no: string | null;
  /** The customer or vendor of the document or money posted (absent on entries posted before it was kept, and on journals, transfers and bank transactions). */
  readonly party?: EntryParty;
  /** The business date the entry is posted on. */
  readonly date: string;
  readonly currency: string;
  /** Home-currency units per unit of `currency` (absent on entries booked before rates: 1, see `homeAmountsOf`). */
  readonly exchange_rate?: Rate;
  /** Set by the rebuild on a foreign entry booked before rates: its rate 1 is assumed, not recorded. */
  readonly rate_assumed?: boolean;
  /** Each with its home amounts (absent on lines booked before the home currency: `homeAmountsOf`). */
  readonly lines: readonly JournalLine[];
  /** The entry this one undoes (a void), or null. */
  readonly reverses: Id | null;
  /** The reversal that undid this entry, marked by the void that posted it (absent on entries reversed before marks). */
  readonly reversed_by?: Id;
  /** The business date of that reversal, marked with it (absent on entries reversed before the mark kept it: the rebuild reads it from the reversal). */
  readonly reversed_on?: string;
  /** How many bank-feed lines this entry is matched to (one per cash-flow account it moves): a void waits for none. */
  readonly bank_match_count?: number;
  readonly created_at: string;
}

/** Each bank-feed line matched to the entry is kept as `bank_line#<account>`: one line per account the entry moves. */
const BANK_LINE_PREFIX = 'bank_line#';

/** And that line's business date, as `bank_line_date#<account>` (absent when the line is dated the entry's own date, or was matched before the date was kept). */
const BANK_LINE_DATE_PREFIX = 'bank_line_date#';

/** The bank-feed line matched to the entry on each of its accounts, by account. */
export function bankLinesOf(entry: JournalEntryRecord): Map<Id, Id> {
  return new Map(Object.entries(entry).flatMap(([name, value]) => (name.startsWith(BANK_LINE_PREFIX) ? [[name.slice(BANK_LINE_PREFIX.length) as Id, value as Id]] : [])));
}

/** The business date of the line matched to the entry on `accountId`: the entry's own date when none was kept. */
export function bankLineDateOf(entry: JournalEntryRecord, accountId: Id): string {
  const date = (entry as unknown as Readonly<Record<string, unknown>>)[`${BANK_LINE_DATE_PREFIX}${accountId}`];
  return typeof date === 'string' ? date : entry.date;
}

/** lsi1 finds a document's entries; lsi2 lists entries by business date (the journal's list order). */
const byDocument = facetKey<JournalEntryRecord, ['document_id', 'created_at', 'id']>('DOC', ['document_id', 'created_at', 'id']);
const byDate = facetKey<JournalEntryRecord, ['date', 'created_at', 'id']>('DATE', ['date', 'created_at', 'id']);

export const journalStore = collection<JournalEntryRecord>({ kind: 'JOURNAL', order: byDocument, order2: byDate, dated: { index: 'lsi2', prefix: () => byDate.prefix({}), date: (entry) => entry.date, counts: DATED_COUNTS } });

/**
 * A journal entry as a posting describes it; the producer gives it its creation time (and an id, if none). A
 * posting that records money for a bank-feed line names the line it is matched to on its account, written with
 * the entry (the entry cannot be written twice in one transaction).
 */
export type JournalEntryDraft = Omit<JournalEntryRecord, 'id' | 'created_at' | 'exchange_rate' | 'bank_match_count'> & { readonly id?: Id; readonly exchange_rate: Rate; readonly bank_lines?: Readonly<Record<Id, Id>> };

/**
 * Adds a journal entry to the posting's transaction. An unbalanced entry is a bug, never a state of the books:
 * it stops the posting before anything is written.
 */
export function addJournalEntry(tx: WriteTransaction, businessId: Id, entry: JournalEntryDraft, homeCurrency: string): JournalEntryRecord {
  const booked = entry.lines.every((line) => line.base_debit !== undefined && line.base_credit !== undefined);
  if (entry.lines.length === 0 || !booked || !isBalanced(entry.lines)) throw new Error(`Unbalanced journal entry for ${entry.document_type} ${entry.document_id}`);
  const { bank_lines: bankLines = {}, ...drafted } = entry;
  const matched = Object.entries(bankLines);
  const record: JournalEntryRecord = { ...drafted, id: entry.id ?? newId(), created_at: new Date().toISOString(), ...(matched.length > 0 ? { bank_match_count: matched.length } : {}) };
  journalStore.addCreate(tx, businessId, { ...record, ...Object.fromEntries(matched.map(([account, line]) => [`${BANK_LINE_PREFIX}${account}`, line])) });
  addToPeriodTotals(tx, businessId, record, homeCurrency);
  addToTrackingTotals(tx, businessId, record, homeCurrency);
  return record;
}

/** The entry that undoes `original`, booked on `date`: every amount on the other side, in both currencies. */
export function reversalOf(original: JournalEntryRecord, date: string, homeCurrency: string): JournalEntryDraft {
  const { id: _original, created_at: _created, ...rest } = original;
  const lines = original.lines.map((line) => ({ ...line, ...homeAmountsOf(line, original, homeCurrency) }));
  return { ...rest, exchange_rate: original.exchange_rate ?? HOME_RATE, date, lines: reversal(lines), reverses: original.id };
}

/**
 * The reversal of a posting's stored entry, booked on `date`, for a void. A posting whose entry is missing is a
 * broken invariant, never a state of the books. A posting matched to a bank-feed line is not voided until the
 * line is undone (409): the line would explain money by a posting that no longer exists.
 */
export async function reversalOfStored(businessId: Id, entryId: Id, owner: string, date: string, homeCurrency: string): Promise<JournalEntryDraft> {
  const entry = await journalStore.get(businessId, entryId);
  if (!entry) throw new Error(`Journal entry ${entryId} of ${owner} is missing`);
  const [line] = bankLinesOf(entry.record).values();
  if (line) throw new StateConflict(`${owner} is matched to bank-feed line ${line}; undo that line first (POST /bank-feeds/lines/${line}/undo).`);
  return reversalOf(entry.record, date, homeCurrency);
}

/**
 * Marks the entry a reversal undoes, in the reversal's transaction (moving its version, so the projections that
 * list live postings see it leave), unless a bank-feed line was matched to it
 * meanwhile (the void is then decided again, and refused). A match conditions on this mark, so a posting is
 * never matched and voided at once.
 */
export function addReversedMark(tx: WriteTransaction, businessId: Id, originalId: Id, reversal: Pick<JournalEntryRecord, 'id' | 'date'>): void {
  tx.update('JOURNAL:reversed', journalStore.keyOf(businessId, originalId), { expression: 'SET reversed_by = :reversal, reversed_on = :on ADD version :one', values: { ':reversal': reversal.id, ':on': reversal.date, ':one': 1 } }, { expression: 'attribute_exists(pk) AND (attribute_not_exists(bank_match_count) OR bank_match_count = :none)', values: { ':none': 0 } });
}

/**
 * Links the entry's line on `accountId` to a bank-feed line, noting the line's date (the match counts from the later
 * of the two dates): refused when it is linked already or was reversed.
 */
export function addBankMatch(tx: WriteTransaction, businessId: Id, entryId: Id, accountId: Id, line: { readonly id: Id; readonly date: string }): void {
  tx.update(
    `JOURNAL:match:${entryId}`,
    journalStore.keyOf(businessId, entryId),
    { expression: 'SET #line = :line, #date = :date ADD bank_match_count :one, version :one', names: { '#line': `${BANK_LINE_PREFIX}${accountId}`, '#date': `${BANK_LINE_DATE_PREFIX}${accountId}` }, values: { ':line': line.id, ':date': line.date, ':one': 1 } },
    { expression: 'attribute_exists(pk) AND attribute_not_exists(reversed_by) AND attribute_not_exists(#line)' },
  );
}

/** Unlinks the entry from the bank-feed line it was matched to on `accountId` (a line's undo). */
export function addBankUnmatch(tx: WriteTransaction, businessId: Id, entryId: Id, accountId: Id, lineId: Id): void {
  tx.update(
    `JOURNAL:unmatch:${entryId}`,
    journalStore.keyOf(businessId, entryId),
    { expression: 'REMOVE #line, #date ADD bank_match_count :less, version :one', names: { '#line': `${BANK_LINE_PREFIX}${accountId}`, '#date': `${BANK_LINE_DATE_PREFIX}${accountId}` }, values: { ':line': lineId, ':less': -1, ':one': 1 } },
    { expression: '#line = :line' },
  );
}

/** The records whose postings are journal entries naming them (`document_id`), as the audit trail types them; documents are the others. */
const POSTING_RECORDS: ReadonlySet<string> = new Set(['receipt', 'payment', 'journal', 'bank_transaction', 'transfer', 'credit_allocation', 'bank_account', ...Object.keys(DOCUMENT_SPECS)]);

/**
 * The journal entries, with their versions, of the records the reader's credential wrote lately (`recent-writes.ts`):
 * what a projection of entries (the unmatched postings, the general ledger) may not have applied yet. A record's
 * entries, its void's reversal with them, are one Query by record, side by side.
 */
export async function entriesOfRecentWrites(businessId: Id): Promise<Stored<JournalEntryRecord>[]> {
  // A posting's own entries; for an action on what posts nothing itself (a bank line matched or categorized), those
  // of the postings it names. The invoices a receipt settles keep their entries as they were.
  const posted = (write: RecentWrite) => (POSTING_RECORDS.has(write.record.type) ? [write.record] : write.related.filter((ref) => POSTING_RECORDS.has(ref.type)));
  const ids = recordsNamed(await recentWritesOfActing(businessId), posted).map((ref) => ref.id as Id);
  const found = await Promise.all(ids.map((id) => journalStore.allStored(businessId, { prefix: byDocument.prefix({ document_id: id }), counter: 'ALL' })));
  return found.flat();
}

export async function entriesOfDocument(businessId: Id, documentId: Id): Promise<JournalEntryRecord[]> {
  return journalStore.all(businessId, {}, { prefix: byDocument.prefix({ document_id: documentId }), counter: 'ALL' });
}
