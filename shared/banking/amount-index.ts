/**
 * What a bank-feed line may be explained by, indexed by amount and kept off the request path by the projection
 * mechanism (`shared/platform/outbox/projection.ts`), fed by the table stream's journal and document changes:
 *
 * - unmatched postings: every live posting (not a reversal, not reversed) of a matchable kind on a cash-flow
 *   account, while no line is matched to it on that account: counted and summed per account, day and year
 *   (`P#<account>`, the summary's `unmatched_postings`; nothing lists them, so these entries keep no items of their
 *   own: one item fewer per posting), and listed per account and signed amount (`A#<account>#<amount>`, by date: a
 *   suggestion reads the postings of the line's amount within 90 days of it with one Query);
 * - open invoices and bills by balance due (`O#<type>#<currency>#<balance due>`, by date).
 *
 * No posting's transaction writes any of this: the index follows within about a second (the projector's lag, in
 * the benchmark), and the rebuild recomputes it from the journal and the documents.
 */
import { expectedProjection, pendingChanges, projectedBetween, projectedTotalAsOf, type PendingChange, type ProjectedEntry, type ProjectionSpec, type SourceChange } from '../platform/outbox/projection.ts';
import { matchTypeOf, netOnAccount } from './bank-reconciliation.ts';
import { balanceDue } from '../cash/settlement.ts';
import { figuresOf } from '../cash/allocations.ts';
import type { Id } from '../platform/core/ids.ts';
import { accountStore } from '../ledger/accounts.ts';
import { bankLinesOf, type JournalEntryRecord } from '../ledger/journal.ts';
import { isOpenDocument, type DocumentRecord } from '../ledger/documents/records.ts';

const POSTINGS = 'BANKPOST';
const OPEN_BY_AMOUNT = 'OPENAMOUNT';
/** The projections' names, for the rebuild. */
export const AMOUNT_INDEXES = [POSTINGS, OPEN_BY_AMOUNT] as const;

const postingsList = (accountId: Id) => `P#${accountId}`;
const amountList = (accountId: Id, amount: number) => `A#${accountId}#${amount}`;
const openList = (type: 'invoice' | 'bill', currency: string, balance: number) => `O#${type}#${currency}#${balance}`;

/** Whether the projector need look at a journal entry at all: only postings a line is matched to are ever listed. */
export const isMatchablePosting = (entry: Pick<JournalEntryRecord, 'document_type'>) => matchTypeOf(entry.document_type) !== undefined;
/** Whether the projector need look at a document: only invoices and bills are ever suggested. */
export const isSuggestedDocument = (document: Pick<DocumentRecord, 'type'>) => document.type === 'invoice' || document.type === 'bill';

/** The unmatched postings spec, knowing which of the business's accounts are cash-flow accounts. */
function unmatchedPostings(cashAccounts: ReadonlySet<Id>): ProjectionSpec<JournalEntryRecord> {
  return {
    name: POSTINGS,
    entriesOf: (entry) => {
      if (!isMatchablePosting(entry) || entry.reverses !== null || entry.reversed_by) return [];
      const matched = bankLinesOf(entry);
      const accounts = [...new Set(entry.lines.map((line) => line.account_id))].filter((account) => cashAccounts.has(account) && !matched.has(account));
      return accounts.flatMap((account): ProjectedEntry[] => {
        const amount = netOnAccount(entry, account);
        const attributes = { journal_entry_id: entry.id, amount };
        return [
          { list: postingsList(account), date: entry.date, order: entry.id, attributes, amount, stored: false },
          { list: amountList(account, amount), date: entry.date, order: entry.id, attributes, counted: false },
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
    return [{ list: openList(document.type as 'invoice' | 'bill', document.currency, balance), date: document.date, order: document.id, attributes: { document_id: document.id }, counted: false }];
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


/** What the two indexes should hold for these entries and documents (the rebuild compares and repairs). */
export async function expectedAmountIndexes(businessId: Id, entries: readonly JournalEntryRecord[], documents: readonly { readonly record: DocumentRecord; readonly version: number }[], entryVersions: ReadonlyMap<Id, number>) {
  const postings = expectedProjection(unmatchedPostings(await cashAccountsOf(businessId)), businessId, entries.filter(isMatchablePosting).map((entry) => ({ id: entry.id, version: entryVersions.get(entry.id) ?? 1, record: entry })));
  const open = expectedProjection(OPEN_DOCUMENTS, businessId, documents.filter(({ record }) => isSuggestedDocument(record)).map(({ record, version }) => ({ id: record.id, version, record })));
  return { items: new Map([...postings.items, ...open.items]), counts: new Map([...postings.counts, ...open.counts]) };
}

/** The unmatched postings on an account dated up to `asOf`: their count and net amount, as the index holds them. */
export function unmatchedPostingsAsOf(businessId: Id, accountId: Id, asOf: string) {
  return projectedTotalAsOf(businessId, POSTINGS, postingsList(accountId), asOf);
}

/** Unmatched postings on the account of exactly this signed amount, dated within the two dates, earliest first. */
export async function unmatchedPostingsOf(businessId: Id, accountId: Id, amount: number, from: string, to: string, limit: number): Promise<Id[]> {
  return (await projectedBetween(businessId, POSTINGS, amountList(accountId, amount), from, to, limit)).map((item) => String(item.journal_entry_id) as Id);
}

/** Open invoices or bills whose balance due is exactly `balance`, in date order. */
export async function openDocumentsOf(businessId: Id, type: 'invoice' | 'bill', currency: string, balance: number, limit: number): Promise<Id[]> {
  return (await projectedBetween(businessId, OPEN_BY_AMOUNT, openList(type, currency, balance), '', '9999-12-31', limit)).map((item) => String(item.document_id) as Id);
}
