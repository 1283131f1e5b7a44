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
import { documentStore, type DocumentRecord } from '../ledger/documents/records.ts';
import { bankLinesOf, journalStore } from '../ledger/journal.ts';
import { moneyStore } from '../cash/records.ts';
import { parties } from '../parties/parties.ts';
import { catchUpOwnWrites, openDocumentsOf, unmatchedPostingsOf } from './amount-index.ts';
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

/** The parties of these records, by id, read in one BatchGetItem per kind. */
async function partyNames(businessId: Id, customers: readonly Id[], vendors: readonly Id[]): Promise<Map<Id, string>> {
  const [found, more] = await Promise.all([parties('customer').store.getMany(businessId, [...new Set(customers)]), parties('vendor').store.getMany(businessId, [...new Set(vendors)])]);
  return new Map([...found, ...more].map((party) => [party.id, party.name]));
}

async function postingSuggestions(businessId: Id, line: BankLineRecord): Promise<Suggestion[]> {
  const entryIds = await unmatchedPostingsOf(businessId, line.account_id, line.amount, addDays(line.date, -WITHIN_DAYS), addDays(line.date, WITHIN_DAYS), READ_PER_KIND);
  // The index follows the stream: a posting matched or voided a moment ago is read as it now is, and left out.
  const entries = (await journalStore.getMany(businessId, entryIds)).filter((entry) => !entry.reversed_by && !bankLinesOf(entry).has(line.account_id));
  // Each owner read where it lives: receipts and payments are money, cash sales and expenses documents.
  const ownersOf = (types: readonly string[]) => entries.filter((entry) => types.includes(entry.document_type)).map((entry) => entry.document_id);
  const [money, documents] = await Promise.all([moneyStore.getMany(businessId, ownersOf(['receipt', 'payment'])), documentStore.getMany(businessId, ownersOf(['cash_sale', 'expense']))]);
  const partyOf = new Map<Id, { id: Id; kind: 'customer' | 'vendor' }>([
    ...money.map((record) => [record.id, { id: record.party_id, kind: record.kind === 'receipt' || record.kind === 'refund' ? 'customer' : 'vendor' }] as const),
    ...documents.map((record) => [record.id, { id: record.party_id, kind: record.type === 'cash_sale' ? 'customer' : 'vendor' }] as const),
  ]);
  const partiesKnown = [...partyOf.values()];
  const names = await partyNames(businessId, partiesKnown.filter((party) => party.kind === 'customer').map((party) => party.id), partiesKnown.filter((party) => party.kind === 'vendor').map((party) => party.id));
  return entries
    .map((entry) => {
      const party = partyOf.get(entry.document_id);
      const distance = Math.abs(daysBetween(entry.date, line.date));
      return {
        distance,
        suggestion: {
          kind: matchTypeOf(entry.document_type) === 'bank_transaction' ? 'journal' : (matchTypeOf(entry.document_type) as Suggestion['kind']),
          id: entry.document_id,
          no: entry.document_no,
          party: party && names.has(party.id) ? { id: party.id, name: names.get(party.id)! } : null,
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

async function documentSuggestions(businessId: Id, line: BankLineRecord, scopes: ReadonlySet<Scope>): Promise<Suggestion[]> {
  const type = line.amount > 0 ? 'invoice' : 'bill';
  if (!scopes.has(type === 'invoice' ? 'sales_invoices:read' : 'purchases_bills:read')) return [];
  const documents = await documentStore.getMany(businessId, await openDocumentsOf(businessId, type, line.currency, Math.abs(line.amount), READ_PER_KIND));
  const names = await partyNames(businessId, type === 'invoice' ? documents.map((document) => document.party_id) : [], type === 'bill' ? documents.map((document) => document.party_id) : []);
  const description = (line.description ?? '').toLowerCase();
  const named = (document: DocumentRecord) => description !== '' && description.includes((names.get(document.party_id) ?? '\u0000').toLowerCase());
  return documents
    .map((document) => ({ named: named(document), document }))
    .sort((a, b) => Number(b.named) - Number(a.named) || a.document.date.localeCompare(b.document.date))
    .map(({ named: isNamed, document }) => ({
      kind: type,
      id: document.id,
      no: document.no,
      party: names.has(document.party_id) ? { id: document.party_id, name: names.get(document.party_id)! } : null,
      date: document.date,
      amount: toMajor(Math.abs(line.amount), line.currency),
      journal_entry_id: null,
      reason: `an open ${type} whose balance due is the line's amount${isNamed ? ', its party named in the description' : ''}`,
    }));
}

export async function suggestionsFor(businessId: Id, lineId: Id, scopes: ReadonlySet<Scope>): Promise<Suggestion[]> {
  // What the reader just wrote (an invoice, a receipt, a void) is suggested at once, not after the projector's lag.
  const [{ record: line }] = await Promise.all([getLine(businessId, lineId), catchUpOwnWrites(businessId)]);
  return suggestionsOfLine(businessId, line, scopes);
}

/**
 * The best match of each of these lines (a posting or an open document; a rule is no match), by line id, for a
 * screen of lines each with its Match button: the lines are read beside the catch-up of the reader's own writes,
 * then every line's suggestions side by side, so a page of lines costs the round trips of one line's.
 */
export async function bestMatchesOf(businessId: Id, linesRead: Promise<readonly BankLineRecord[]>, scopes: ReadonlySet<Scope>): Promise<Map<Id, Suggestion>> {
  const [lines] = await Promise.all([linesRead, catchUpOwnWrites(businessId)]);
  const ranked = await Promise.all(lines.map((line) => suggestionsOfLine(businessId, line, scopes)));
  return new Map(lines.flatMap((line, index) => {
    const best = ranked[index]!.find((suggestion) => suggestion.kind !== 'rule');
    return best ? [[line.id, best] as const] : [];
  }));
}

async function suggestionsOfLine(businessId: Id, line: BankLineRecord, scopes: ReadonlySet<Scope>): Promise<Suggestion[]> {
  if (statusOf(line) !== 'unmatched') return [];
  const [rule, postings, documents] = await Promise.all([
    line.rule_id ? bankRuleStore.get(businessId, line.rule_id) : undefined,
    postingSuggestions(businessId, line),
    documentSuggestions(businessId, line, scopes),
  ]);
  const fromRule: Suggestion[] = rule
    ? [{ kind: 'rule', id: rule.record.id, no: null, party: null, date: null, amount: null, journal_entry_id: null, reason: `the rule "${toBankRuleResource(rule.record).name}" holds for this line` }]
    : [];
  return [...fromRule, ...postings, ...documents].slice(0, MAX_SUGGESTIONS);
}
