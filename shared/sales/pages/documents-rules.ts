import { draftResourceOf, findDocument, findDraftDocument, listDocumentsOrDrafts } from '../../documents/index.ts';
import { chartOfAccounts, isDocumentOf, listJournalEntries, toDocumentResource, unlistedSettlements } from '../../ledger/index.ts';
import type { DocumentListQuery, DocumentRecordOf, DocumentType, SettledDocument, SettlementList } from '../../ledger/index.ts';
import { partyChoices, parties, type PartyKind } from '../../parties/index.ts';
import { NotFound } from '../../platform/core/errors.ts';
import type { Id } from '../../platform/core/ids.ts';
import { pageRequest, type Page, type PageRequest } from '../../platform/core/paging.ts';
import { toMajor } from '../../platform/core/money.ts';
import type { Side } from './sides.ts';

/** The names of the given parties: one BatchGetItem. */
export async function partyNames(side: Side, businessId: Id, ids: readonly Id[]): Promise<Map<string, string>> {
  return new Map((await parties(side.party).store.getMany(businessId, [...new Set(ids)])).map((party) => [party.id, party.name]));
}

export type { SettledDocument };

/** The party a list is filtered by, if any. */
export const partyFilterOf = (query: DocumentListQuery): Id | undefined => ('customer_id' in query ? query.customer_id : 'vendor_id' in query ? query.vendor_id : undefined);

/** One page of invoices or bills, filtered as the API filters, with the names of their parties. */
export async function documentList(side: Side, businessId: Id, query: DocumentListQuery, page: PageRequest) {
  const listed: Promise<Page<SettledDocument>> = listDocumentsOrDrafts(side.type, businessId, query, page);
  const filterParty = partyFilterOf(query);
  // The filter's choices are read beside the page; only the page's parties not among them after it.
  const partyIds = listed.then((result) => result.items.map((document) => (document as Record<string, unknown>)[side.partyField] as Id));
  const [result, { names, offered }] = await Promise.all([listed, partyChoices(side, businessId, partyIds.then((ids) => (filterParty ? [...ids, filterParty] : ids)))]);
  return { result, names, offered };
}

/**
 * A document of the given type (or a draft of it) with what every document page shows: its party, its journal
 * entries (the posting and any reversal) and the chart's names for their accounts.
 */
export async function documentWithLedger<T extends DocumentType>(type: T, label: string, party: PartyKind, businessId: Id, id: Id) {
  const stored = await findDocument(businessId, id);
  // A draft has a page too: the same facts and lines, nothing posted yet.
  const posted = stored && isDocumentOf(stored.record, type) ? stored.record : undefined;
  const draft = posted ? undefined : await findDraftDocument(type, businessId, id);
  const record: DocumentRecordOf<T> | undefined = posted ?? draft;
  if (!record) throw new NotFound(label.toLowerCase());
  const [partyRecord, entries, accounts] = await Promise.all([parties(party).store.get(businessId, record.party_id), listJournalEntries(businessId, id, pageRequest(1, 20, undefined)), chartOfAccounts(businessId)]);
  return {
    record,
    document: draft ? draftResourceOf(draft) : toDocumentResource(record),
    partyName: partyRecord?.record.name ?? '',
    partyEmail: partyRecord?.record.email ?? null,
    entries: entries.items,
    accountNames: new Map(accounts.map((account) => [account.id, `${account.code ?? ''} ${account.name}`.trim()])),
  };
}

/**
 * The latest receipts or payments settling a document (the refunds of a credit document), as it keeps them on itself,
 * in its currency's major units, and how many earlier ones it does not list.
 */
export function listedSettlements(record: SettlementList & { readonly currency: string }) {
  return { settledBy: (record.settled_by ?? []).map((settlement) => ({ ...settlement, amount: toMajor(settlement.amount, record.currency) })), earlierSettlements: unlistedSettlements(record) };
}

/** An invoice or bill with what its page shows: the above and the latest receipts or payments settling it. */
export async function documentDetail(side: Side, businessId: Id, id: Id) {
  const { record, document, ...shown } = await documentWithLedger(side.type, side.label, side.party, businessId, id);
  return { ...shown, document: document as SettledDocument, ...listedSettlements(record) };
}
