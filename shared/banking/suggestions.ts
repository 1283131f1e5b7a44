/**
 * What a bank-feed line might be, best first, at most 10: the rule that marked it; unmatched postings on its
 * account of the same signed amount, nearest in date within 90 days; then open invoices (money in) or bills
 * (money out) whose balance due is the amount, a party the line's description names first, listed only to a
 * credential that may read them. Each read is bounded by the index ranges it reads (`amount-index.ts`), never by
 * the history: at most 20 index items per kind, the records they name and their parties.
 */
import { addDays, daysBetween } from '../platform/core/dates.ts';
import { matchTypeOf } from './bank-reconciliation.ts';
import type { Id } from '../platform/core/ids.ts';
import { toMajor } from '../platform/core/money.ts';
import type { Scope } from '../platform/http/scopes.ts';
import { bankLinesOf, documentStore, journalStore } from '../ledger/index.ts';
import type { DocumentRecord, EntryParty, JournalEntryRecord } from '../ledger/index.ts';
import { moneyStore } from '../cash/index.ts';
import { parties } from '../parties/index.ts';
import { catchUpOwnWrites, openDocumentsOf, readBesideOwnWrites, unmatchedPostingsOf, type IndexedRecord } from './amount-index.ts';
import { getLine, statusOf, type BankLineRecord } from './lines.ts';
import { bankRuleStore, toBankRuleResource } from './rules.ts';

export const MAX_SUGGESTIONS = 10;
const READ_PER_KIND = 20;
const WITHIN_DAYS = 90;

export interface Suggestion {
  readonly kind: 'rule' | 'receipt' | 'payment' | 'cash_sale' | 'expense' | 'journal' | 'transfer' | 'invoice' | 'bill';
  readonly id: Id;
  readonly no: string | null;
  readonly party: { readonly id: Id; readonly name: string } | null;
  readonly date: string | null;
  readonly amount: number | null;
  /** The posting to name in `journal_entry_ids` to match it (postings only). */
  readonly journal_entry_id: Id | null;
  readonly reason: string;
}

/** The names of these parties, by id, read in one BatchGetItem per kind (none when there are none). */
async function partyNames(businessId: Id, named: readonly (EntryParty | undefined)[]): Promise<Map<Id, string>> {
  const idsOf = (kind: EntryParty['kind']) => [...new Set(named.flatMap((party) => (party?.kind === kind ? [party.id] : [])))];
  const [customers, vendors] = await Promise.all([parties('customer').store.getMany(businessId, idsOf('customer')), parties('vendor').store.getMany(businessId, idsOf('vendor'))]);
  return new Map([...customers, ...vendors].map((party) => [party.id, party.name]));
}

/**
 * The party of each entry whose index item named none (indexed before items kept it): the entry's own, else its
 * owner's (receipts and payments are money, cash sales and expenses documents), for entries posted before entries
 * kept it. Books indexed since read nothing here.
 */
async function partiesNotIndexed(businessId: Id, entries: readonly JournalEntryRecord[]): Promise<Map<Id, EntryParty>> {
  const known = new Map(entries.flatMap((entry) => (entry.party ? [[entry.id, entry.party] as const] : [])));
  const unknown = entries.filter((entry) => !entry.party);
  const ownersOf = (types: readonly string[]) => unknown.filter((entry) => types.includes(entry.document_type)).map((entry) => entry.document_id);
  const [money, documents] = await Promise.all([moneyStore.getMany(businessId, ownersOf(['receipt', 'payment'])), documentStore.getMany(businessId, ownersOf(['cash_sale', 'expense']))]);
  const ofOwner = new Map<Id, EntryParty>([
    ...money.map((record) => [record.id, { id: record.party_id, kind: record.kind === 'receipt' || record.kind === 'refund' ? 'customer' : 'vendor' }] as const),
    ...documents.map((record) => [record.id, { id: record.party_id, kind: record.type === 'cash_sale' ? 'customer' : 'vendor' }] as const),
  ]);
  for (const entry of unknown) if (ofOwner.has(entry.document_id)) known.set(entry.id, ofOwner.get(entry.document_id)!);
  return known;
}

/** What the amount index lists for one line: the rule that marked it, the postings and the open documents of its amount. */
interface Indexed {
  readonly rule: Awaited<ReturnType<typeof bankRuleStore.get>> | undefined;
  readonly postings: readonly IndexedRecord[];
  readonly documents: readonly IndexedRecord[];
}

const documentTypeOf = (line: BankLineRecord) => (line.amount > 0 ? 'invoice' : 'bill');

async function indexedFor(businessId: Id, line: BankLineRecord, scopes: ReadonlySet<Scope>, withRule: boolean): Promise<Indexed> {
  const type = documentTypeOf(line);
  const [rule, postings, documents] = await Promise.all([
    withRule && line.rule_id ? bankRuleStore.get(businessId, line.rule_id) : undefined,
    unmatchedPostingsOf(businessId, line.account_id, line.amount, addDays(line.date, -WITHIN_DAYS), addDays(line.date, WITHIN_DAYS), READ_PER_KIND),
    scopes.has(type === 'invoice' ? 'sales_invoices:read' : 'purchases_bills:read') ? openDocumentsOf(businessId, type, line.currency, Math.abs(line.amount), READ_PER_KIND) : [],
  ]);
  return { rule, postings, documents };
}

/**
 * The suggestions of each of these lines, in order. Three steps, whatever the number of lines: every line's index
 * ranges side by side; then, in one round, every entry and document they name (read again, for what changed since
 * the index followed) and the names of the parties the index keeps; then, only for records indexed before the index
 * kept parties, their parties and names.
 */
async function suggestionsOfLines(businessId: Id, lines: readonly BankLineRecord[], scopes: ReadonlySet<Scope>, withRule: boolean): Promise<Suggestion[][]> {
  const unmatched = lines.filter((line) => statusOf(line) === 'unmatched');
  const indexed = new Map((await Promise.all(unmatched.map(async (line) => [line.id, await indexedFor(businessId, line, scopes, withRule)] as const))));
  const all = [...indexed.values()];
  const postings = all.flatMap((found) => found.postings);
  const documentsIndexed = all.flatMap((found) => found.documents);
  const [entriesRead, documentsRead, namesIndexed] = await Promise.all([
    journalStore.getMany(businessId, [...new Set(postings.map((posting) => posting.id))]),
    documentStore.getMany(businessId, [...new Set(documentsIndexed.map((document) => document.id))]),
    partyNames(businessId, [...postings, ...documentsIndexed].map((record) => record.party)),
  ]);
  const entries = new Map(entriesRead.map((entry) => [entry.id, entry]));
  const documents = new Map(documentsRead.map((document) => [document.id, document]));
  const indexedParty = new Map(postings.flatMap((posting) => (posting.party ? [[posting.id, posting.party] as const] : [])));
  const entryParty = new Map([...(await partiesNotIndexed(businessId, entriesRead.filter((entry) => !indexedParty.has(entry.id)))), ...indexedParty]);
  const documentParty = (document: DocumentRecord): EntryParty => ({ id: document.party_id, kind: document.type === 'invoice' ? 'customer' : 'vendor' });
  const wanted = [...entryParty.values(), ...documentsRead.map(documentParty)].filter((party) => !namesIndexed.has(party.id));
  const names = wanted.length === 0 ? namesIndexed : new Map([...namesIndexed, ...(await partyNames(businessId, wanted))]);
  const named = (party: EntryParty | undefined) => (party && names.has(party.id) ? { id: party.id, name: names.get(party.id)! } : null);
  return lines.map((line) => {
    const found = indexed.get(line.id);
    if (!found) return [];
    // The index follows the stream: a posting matched or voided a moment ago is read as it now is, and left out.
    const lineEntries = found.postings.flatMap((posting) => (entries.has(posting.id) ? [entries.get(posting.id)!] : [])).filter((entry) => !entry.reversed_by && !bankLinesOf(entry).has(line.account_id));
    const lineDocuments = found.documents.flatMap((document) => (documents.has(document.id) ? [documents.get(document.id)!] : []));
    const fromRule: Suggestion[] = found.rule
      ? [{ kind: 'rule', id: found.rule.record.id, no: null, party: null, date: null, amount: null, journal_entry_id: null, reason: `the rule "${toBankRuleResource(found.rule.record).name}" holds for this line` }]
      : [];
    return [...fromRule, ...postingSuggestions(line, lineEntries, (entry) => named(entryParty.get(entry.id))), ...documentSuggestions(line, lineDocuments, (document) => named(documentParty(document)))].slice(0, MAX_SUGGESTIONS);
  });
}

type NamedParty = Suggestion['party'];

/** The postings of the line's amount, nearest in date first. */
function postingSuggestions(line: BankLineRecord, entries: readonly JournalEntryRecord[], partyOf: (entry: JournalEntryRecord) => NamedParty): Suggestion[] {
  return entries
    .map((entry) => {
      const distance = Math.abs(daysBetween(entry.date, line.date));
      return {
        distance,
        suggestion: {
          kind: matchTypeOf(entry.document_type) === 'bank_transaction' ? 'journal' : (matchTypeOf(entry.document_type) as Suggestion['kind']),
          id: entry.document_id,
          no: entry.document_no,
          party: partyOf(entry),
          date: entry.date,
          amount: toMajor(line.amount, line.currency),
          journal_entry_id: entry.id,
          reason: `an unmatched posting of the same amount on this account, ${distance === 0 ? 'the same day' : `${distance} day${distance === 1 ? '' : 's'} ${entry.date < line.date ? 'before' : 'after'}`}`,
        } satisfies Suggestion,
      };
    })
    .sort((a, b) => a.distance - b.distance || String(a.suggestion.date).localeCompare(String(b.suggestion.date)))
    .map((ranked) => ranked.suggestion);
}

/** The open invoices (money in) or bills (money out) of the line's amount: a party the description names first, then by date. */
function documentSuggestions(line: BankLineRecord, documents: readonly DocumentRecord[], partyOf: (document: DocumentRecord) => NamedParty): Suggestion[] {
  const type = documentTypeOf(line);
  const description = (line.description ?? '').toLowerCase();
  const isNamed = (document: DocumentRecord) => description !== '' && description.includes((partyOf(document)?.name ?? '\u0000').toLowerCase());
  return documents
    .map((document) => ({ named: isNamed(document), document }))
    .sort((a, b) => Number(b.named) - Number(a.named) || a.document.date.localeCompare(b.document.date))
    .map(({ named, document }) => ({
      kind: type,
      id: document.id,
      no: document.no,
      party: partyOf(document),
      date: document.date,
      amount: toMajor(Math.abs(line.amount), line.currency),
      journal_entry_id: null,
      reason: `an open ${type} whose balance due is the line's amount${named ? ', its party named in the description' : ''}`,
    }));
}

export async function suggestionsFor(businessId: Id, lineId: Id, scopes: ReadonlySet<Scope>): Promise<Suggestion[]> {
  // What the reader just wrote (an invoice, a receipt, a void) is suggested at once, not after the projector's lag.
  const [{ record: line }] = await Promise.all([getLine(businessId, lineId), catchUpOwnWrites(businessId)]);
  return (await suggestionsOfLines(businessId, [line], scopes, true))[0]!;
}

/**
 * The best match of each of these lines (a posting or an open document; a rule is no match, so none is read), by
 * line id, for a screen of lines each with its Match button: a page of lines costs the round trips of one line's
 * (`suggestionsOfLines`), read beside the catch-up of the reader's own writes (`readBesideOwnWrites`).
 */
export async function bestMatchesOf(businessId: Id, linesRead: Promise<readonly BankLineRecord[]>, scopes: ReadonlySet<Scope>): Promise<Map<Id, Suggestion>> {
  const { lines, ranked } = await readBesideOwnWrites(businessId, async () => {
    const lines = await linesRead;
    return { lines, ranked: await suggestionsOfLines(businessId, lines, scopes, false) };
  });
  return new Map(lines.flatMap((line, index) => {
    const best = ranked[index]![0];
    return best ? [[line.id, best] as const] : [];
  }));
}
