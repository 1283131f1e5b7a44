/**
 * What a bank-feed line may be explained by, indexed by amount and kept off the request path by the projection
 * mechanism (`shared/platform/outbox/projection.ts`), fed by the table stream's journal and document changes:
 *
 * - unmatched postings: every posting of a matchable kind on a cash-flow account over the span it is unmatched
 *   (from its date until its void's or its line's, `unmatchedSpans`): counted and summed per account, day and
 *   year (`P#<account>`, the summary's `unmatched_postings` at any date), listed by date while open (counted, so a page by number
 *   is found by the counts) and by the date they closed once closed (`GET /bank-feeds/accounts/{id}/unmatched-postings`), with the parts of lines
 *   matched to later postings beside them (`L#<account>`), and listed per account and signed amount while open
 *   (`A#<account>#<amount>`, by date: a suggestion reads the postings of the line's amount within 90 days of it
 *   with one Query);
 * - open invoices and bills by balance due (`O#<type>#<currency>#<balance due>`, by date).
 *
 * No posting's transaction writes any of this: the index follows within about a second (the projector's lag, in
 * the benchmark), and the rebuild recomputes it from the journal and the documents.
 */
import { queryAll, type Item } from '../platform/db/query.ts';
import { projectionPk } from '../platform/db/keys.ts';
import { applyPending, projectedPage, expectedProjection, pendingChanges, projectedBetween, projectedTotalAsOf, type PendingChange, type ProjectedEntry, type ProjectionSpec, type SourceChange } from '../platform/outbox/projection.ts';
import { matchTypeOf, netOnAccount, unmatchedSpans, type DateSpan } from './bank-reconciliation.ts';
import { accountStore, balanceDue, bankLineDateOf, bankLinesOf, documentsOfRecentWrites, entriesOfRecentWrites, figuresOf, isOpenDocument } from '../ledger/index.ts';
import type { DocumentRecord, EntryParty, JournalEntryRecord } from '../ledger/index.ts';
import type { Id } from '../platform/core/ids.ts';

const POSTINGS = 'BANKPOST';
const OPEN_BY_AMOUNT = 'OPENAMOUNT';
/** The projections' names, for the rebuild. */
export const AMOUNT_INDEXES = [POSTINGS, OPEN_BY_AMOUNT] as const;

const postingsList = (accountId: Id) => `P#${accountId}`;
const openPostingsList = (accountId: Id) => `U#${accountId}`;
const closedPostingsList = (accountId: Id) => `C#${accountId}`;
const lateMatchedLinesList = (accountId: Id) => `L#${accountId}`;
const amountList = (accountId: Id, amount: number) => `A#${accountId}#${amount}`;
const openList = (type: 'invoice' | 'bill', currency: string, balance: number) => `O#${type}#${currency}#${balance}`;

/** Whether the projector need look at a journal entry at all: only postings a line is matched to are ever listed. */
export const isMatchablePosting = (entry: Pick<JournalEntryRecord, 'document_type'>) => matchTypeOf(entry.document_type) !== undefined;
/** Whether the projector need look at a document: only invoices and bills are ever suggested. */
export const isSuggestedDocument = (document: Pick<DocumentRecord, 'type'>) => document.type === 'invoice' || document.type === 'bill';

/**
 * The party a suggestion names, kept on its index item so a screen of lines reads the parties' names beside the
 * postings and documents instead of after them (an item written before it was kept names none: its reader falls
 * back to the record).
 */
const partyAttributes = (party: EntryParty | undefined): Record<string, string> => (party ? { party_id: party.id, party_kind: party.kind } : {});

/** The entries that count a span on a counted list: one at its start, and one taking it off at its end. */
function spanEntries(list: string, span: DateSpan, entryId: Id, amount: number): ProjectedEntry[] {
  const start: ProjectedEntry = { list, date: span.from, order: entryId, attributes: {}, amount, stored: false };
  return span.until === null ? [start] : [start, { ...start, date: span.until, order: `${entryId}#until`, weight: -1 }];
}

/** What the list of unmatched postings shows of one (`GET /bank-feeds/accounts/{id}/unmatched-postings`). */
function describedPosting(entry: JournalEntryRecord, amount: number, span: DateSpan): Record<string, string | number> {
  return { journal_entry_id: entry.id, type: matchTypeOf(entry.document_type)!, id: entry.document_id, ...(entry.document_no === null ? {} : { no: entry.document_no }), date: span.from, amount, ...(span.until === null ? {} : { until: span.until }) };
}

/**
 * The unmatched postings spec, knowing which of the business's accounts are cash-flow accounts. Each posting on a
 * cash-flow account counts as unmatched over its span (`unmatchedSpans`): counted from its start and taken off at its
 * end (`P#<account>`, the summary's `unmatched_postings` at any date), listed while open by its date
 * (`U#<account>`) and once closed by the date it closed (`C#<account>`, so a past date reads those closed since it),
 * and suggested by amount while open. A line matched to a later posting counts as unmatched for the posting's part
 * until the posting's date (`L#<account>`).
 */
function unmatchedPostings(cashAccounts: ReadonlySet<Id>): ProjectionSpec<JournalEntryRecord> {
  return {
    name: POSTINGS,
    entriesOf: (entry) => {
      // A reversal nets with its original from the void's date, which the original's span ends at; an original
      // reversed before the mark kept that date is given it by the rebuild (`withReversalDates`).
      if (!isMatchablePosting(entry) || entry.reverses !== null || (entry.reversed_by && entry.reversed_on === undefined)) return [];
      const matched = bankLinesOf(entry);
      const accounts = [...new Set(entry.lines.map((line) => line.account_id))].filter((account) => cashAccounts.has(account));
      return accounts.flatMap((account): ProjectedEntry[] => {
        const amount = netOnAccount(entry, account);
        const spans = unmatchedSpans({ date: entry.date, voidedOn: entry.reversed_by ? entry.reversed_on : undefined, lineDate: matched.has(account) ? bankLineDateOf(entry, account) : undefined });
        const posting = spans.posting;
        return [
          ...(posting ? spanEntries(postingsList(account), posting, entry.id, amount) : []),
          ...(posting?.until === null
            ? [
                { list: openPostingsList(account), date: posting.from, order: entry.id, attributes: describedPosting(entry, amount, posting) },
                { list: amountList(account, amount), date: entry.date, order: entry.id, attributes: { journal_entry_id: entry.id, amount, ...partyAttributes(entry.party) }, counted: false },
              ]
            : []),
          ...(posting && posting.until !== null ? [{ list: closedPostingsList(account), date: posting.until, order: `${posting.from}#${entry.id}`, attributes: describedPosting(entry, amount, posting), counted: false }] : []),
          ...(spans.line ? spanEntries(lateMatchedLinesList(account), spans.line, entry.id, amount) : []),
        ];
      });
    },
  };
}

export const OPEN_DOCUMENTS: ProjectionSpec<DocumentRecord> = {
  name: OPEN_BY_AMOUNT,
  entriesOf: (document) => {
    if (!isSuggestedDocument(document) || !isOpenDocument(document)) return [];
    const balance = balanceDue(figuresOf(document));
    return [{ list: openList(document.type as 'invoice' | 'bill', document.currency, balance), date: document.date, order: document.id, attributes: { document_id: document.id, party_id: document.party_id }, counted: false }];
  },
};

/**
 * The business's cash-flow accounts, kept by the instance: an account never stops being one, and a new one is seen
 * by an id the instance does not know, which reads the chart again (so a posting on an account opened a moment ago is
 * indexed too). The chart is read whole (at most 1,000 accounts) so that its other accounts are known as well.
 */
const charts = new Map<Id, { readonly cash: Set<Id>; readonly known: Set<Id> }>();
async function cashAccountsOf(businessId: Id, naming: Iterable<Id> = []): Promise<Set<Id>> {
  const chart = charts.get(businessId);
  if (chart && [...naming].every((id) => chart.known.has(id))) return chart.cash;
  const accounts = await accountStore.all(businessId);
  const fresh = { cash: new Set(accounts.filter((account) => account.cash_flow).map((account) => account.id)), known: new Set(accounts.map((account) => account.id)) };
  charts.set(businessId, fresh);
  return fresh.cash;
}

/** A batch of one business's journal changes from the stream made ready to apply (only matchable postings need be passed). */
export async function pendingPostingChanges(businessId: Id, changes: readonly SourceChange<JournalEntryRecord>[]): Promise<PendingChange[]> {
  if (changes.length === 0) return [];
  const named = changes.flatMap((change) => (change.record?.lines ?? []).map((line) => line.account_id));
  return pendingChanges(unmatchedPostings(await cashAccountsOf(businessId, named)), businessId, changes);
}


/**
 * The postings and invoices or bills the reader's credential wrote lately (`recent-writes.ts`), applied to both
 * indexes before they are read, with the projector's own idempotent code: one applied already costs its marker's
 * read. So whoever just matched, voided or recorded money reads the reconciliation, the unmatched postings and the
 * suggestions with it; others within the projector's lag. Answers how many changes it applied (0 when the projector
 * had been there first), so a read made beside it stands unless it moved something.
 */
export async function catchUpOwnWrites(businessId: Id): Promise<number> {
  const [entries, documents] = await Promise.all([entriesOfRecentWrites(businessId), documentsOfRecentWrites(businessId)]);
  const postings = entries.filter((stored) => isMatchablePosting(stored.record)).map(({ record, version }) => ({ recordId: record.id, version, record }));
  const open = documents.filter((stored) => isSuggestedDocument(stored.record)).map(({ record, version }) => ({ recordId: record.id, version, record }));
  if (postings.length === 0 && open.length === 0) return 0;
  return applyPending([...(await pendingPostingChanges(businessId, postings)), ...pendingChanges(OPEN_DOCUMENTS, businessId, open)]);
}

/**
 * A read of the indexes made beside the catch-up of the reader's own writes, and made again only when the catch-up
 * moved something: one round trip where reading after the catch-up took two.
 */
export async function readBesideOwnWrites<T>(businessId: Id, read: () => Promise<T>): Promise<T> {
  const [moved, first] = await Promise.all([catchUpOwnWrites(businessId), read()]);
  return moved > 0 ? read() : first;
}

/** What the two indexes should hold for these entries and documents (the rebuild compares and repairs). */
export async function expectedAmountIndexes(businessId: Id, entries: readonly JournalEntryRecord[], documents: readonly { readonly record: DocumentRecord; readonly version: number }[], entryVersions: ReadonlyMap<Id, number>) {
  const postings = expectedProjection(unmatchedPostings(await cashAccountsOf(businessId)), businessId, withReversalDates(entries).filter(isMatchablePosting).map((entry) => ({ id: entry.id, version: entryVersions.get(entry.id) ?? 1, record: entry })));
  const open = expectedProjection(OPEN_DOCUMENTS, businessId, documents.filter(({ record }) => isSuggestedDocument(record)).map(({ record, version }) => ({ id: record.id, version, record })));
  return { items: new Map([...postings.items, ...open.items]), counts: new Map([...postings.counts, ...open.counts]) };
}

/**
 * The entries, each reversed one given its reversal's date where its mark does not keep it (reversed before it
 * did): its span of being unmatched ends there.
 */
function withReversalDates(entries: readonly JournalEntryRecord[]): JournalEntryRecord[] {
  const reversedOn = new Map(entries.flatMap((entry) => (entry.reverses === null ? [] : [[entry.reverses, entry.date] as const])));
  return entries.map((entry) => (entry.reversed_by && entry.reversed_on === undefined && reversedOn.has(entry.id) ? { ...entry, reversed_on: reversedOn.get(entry.id)! } : entry));
}

/** The postings on an account unmatched at the end of `asOf`: their count and net amount, as the index holds them. */
export function unmatchedPostingsAsOf(businessId: Id, accountId: Id, asOf: string) {
  return projectedTotalAsOf(businessId, POSTINGS, postingsList(accountId), asOf);
}

/** The parts of lines matched to postings dated after them that are unmatched at the end of `asOf`: their count and amount. */
export function lateMatchedLinesAsOf(businessId: Id, accountId: Id, asOf: string) {
  return projectedTotalAsOf(businessId, POSTINGS, lateMatchedLinesList(accountId), asOf);
}

/** A posting unmatched at some date, as the index lists it. */
export interface UnmatchedPostingEntry {
  readonly journal_entry_id: Id;
  readonly type: string;
  readonly id: Id;
  readonly no?: string;
  readonly date: string;
  readonly amount: number;
  readonly until?: string;
}

const asUnmatched = (item: Item): UnmatchedPostingEntry => item as unknown as UnmatchedPostingEntry;

/**
 * The postings on an account unmatched today dated up to `asOf`, from `offset`, in date order, at most `limit`: the
 * list is counted per day and year, so the offset is found by its counts, not by walking the entries before it.
 */
export async function openPostingsFrom(businessId: Id, accountId: Id, asOf: string, offset: number, limit: number): Promise<UnmatchedPostingEntry[]> {
  return (await projectedPage(businessId, POSTINGS, openPostingsList(accountId), { page: 1, pageSize: limit, resume: { offset } }, { to: asOf })).items.map(asUnmatched);
}

/** The postings on an account that were unmatched at the end of `asOf` and are no longer: those closed since, read by their closing dates. */
export async function postingsClosedSince(businessId: Id, accountId: Id, asOf: string): Promise<UnmatchedPostingEntry[]> {
  const prefix = `${closedPostingsList(accountId)}#`;
  const closed = await queryAll({ pk: projectionPk(businessId, POSTINGS), sortKey: 'sk', prefix, between: [`${prefix}${asOf}`, `${prefix}9999-12-31#\uffff`] });
  return closed.map(asUnmatched).filter((entry) => entry.date <= asOf && entry.until !== undefined && entry.until > asOf);
}

/** A record the amount index lists: its id, and its party where the item keeps one. */
export interface IndexedRecord {
  readonly id: Id;
  readonly party?: EntryParty;
}

const partyOfItem = (item: Item, kind: EntryParty['kind'] | undefined): EntryParty | undefined =>
  typeof item.party_id === 'string' && (kind ?? item.party_kind) ? { id: item.party_id as Id, kind: (kind ?? item.party_kind) as EntryParty['kind'] } : undefined;

/** Unmatched postings on the account of exactly this signed amount, dated within the two dates, earliest first. */
export async function unmatchedPostingsOf(businessId: Id, accountId: Id, amount: number, from: string, to: string, limit: number): Promise<IndexedRecord[]> {
  return (await projectedBetween(businessId, POSTINGS, amountList(accountId, amount), from, to, limit)).map((item) => ({ id: String(item.journal_entry_id) as Id, party: partyOfItem(item, undefined) }));
}

/** Open invoices or bills whose balance due is exactly `balance`, in date order. */
export async function openDocumentsOf(businessId: Id, type: 'invoice' | 'bill', currency: string, balance: number, limit: number): Promise<IndexedRecord[]> {
  const kind = type === 'invoice' ? 'customer' : 'vendor';
  return (await projectedBetween(businessId, OPEN_BY_AMOUNT, openList(type, currency, balance), '', '9999-12-31', limit)).map((item) => ({ id: String(item.document_id) as Id, party: partyOfItem(item, kind) }));
}
