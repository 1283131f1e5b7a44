import { openDocumentsPk, openDocumentsPrefix } from './records.ts';
import { queryAll } from '../../platform/db/query.ts';
import type { DocumentType } from './specs.ts';
import type { Id } from '../../platform/core/ids.ts';
import { documentStore, isOpenDocument, relievedOf, toDocumentResource, totalInHome, type DocumentRecord } from './records.ts';
import type { DocumentResource } from './schemas.ts';
import { relievedAfter, type RelievedDocument } from './reliefs.ts';

/**
 * The open documents of one type, by due date (up to `dueUpTo` when given): the markers of the open-documents
 * partition, then the documents themselves in one BatchGetItem. Reads what is open, however long the history.
 */
export async function openDocuments(businessId: Id, type: DocumentType, dueUpTo?: string): Promise<DocumentRecord[]> {
  const documents = await documentStore.getMany(businessId, await openDocumentIds(businessId, type, dueUpTo));
  // A marker always moves with its document in one transaction; the check keeps a report honest regardless.
  return documents.filter(isOpenDocument);
}

async function openDocumentIds(businessId: Id, type: DocumentType, dueUpTo?: string): Promise<Id[]> {
  return (await openDocumentMarkers(businessId, type, dueUpTo)).map((marker) => marker.documentId);
}

/** The open-documents markers of a type: each document's id, and its party's (a marker names both). */
async function openDocumentMarkers(businessId: Id, type: DocumentType, dueUpTo?: string): Promise<{ readonly documentId: Id; readonly partyId: Id | undefined }[]> {
  const prefix = openDocumentsPrefix(type);
  const markers = await queryAll({ pk: openDocumentsPk(businessId), sortKey: 'sk', prefix, ...(dueUpTo ? { between: [prefix, `${prefix}${dueUpTo}#\uffff`] as const } : {}) });
  return markers.map((marker) => ({ documentId: String(marker.document_id) as Id, partyId: marker.party_id === undefined ? undefined : (String(marker.party_id) as Id) }));
}

/** A document as it stood on a date: what was open of it then, in its currency and at its booked home amount. */
export interface OpenAsOf {
  readonly document: RelievedDocument;
  readonly open: number;
  readonly openHome: number;
}

/**
 * The invoices or bills open on `asOf`, each with its open amount then: its open amount today plus what has been
 * relieved of it since (`relievedAfter`). Reads the markers of the documents open today and the relief records
 * dated after `asOf`, then the open documents alone: one closed since is described by its relief records, and was
 * open then by exactly what they relieved (it is open by nothing today). What is open plus what has moved since,
 * never the whole history. Settlements booked before relief records were kept count as made on or before any
 * date; a document named only by records kept before they described it is read.
 *
 * A document may have been over-settled on a past date: a credit allocation voided into a later period frees its
 * amount today, and a receipt recorded since may be dated before that void. It is then listed with its negative
 * open amount (the customer's credit on it that day), as the receivables account holds it, so the report still
 * ties to the trial balance of its date.
 */
export async function documentsOpenAsOf(businessId: Id, type: DocumentType, asOf: string, homeCurrencyOrRead: string | Promise<string>, partiesNamed?: (partyIds: readonly Id[]) => void): Promise<OpenAsOf[]> {
  const [markers, since] = await Promise.all([openDocumentMarkers(businessId, type), relievedAfter(businessId, type, asOf)]);
  // The parties the markers and the relief records name, told before the documents are read (a report names them meanwhile).
  partiesNamed?.([...markers.flatMap((marker) => (marker.partyId ? [marker.partyId] : [])), ...[...since.values()].flatMap((relieved) => (relieved.facts ? [relieved.facts.party_id as Id] : []))]);
  const open = markers.map((marker) => marker.documentId);
  const undescribed = [...since].flatMap(([id, relieved]) => (relieved.facts ? [] : [id]));
  // One BatchGetItem for the open and the undescribed: no round trip more than the report of today.
  const [documents, homeCurrency] = await Promise.all([documentStore.getMany(businessId, [...new Set([...open, ...undescribed])]), homeCurrencyOrRead]);
  const read = new Set<Id>(documents.map((document) => document.id));
  const fromDocuments = documents.flatMap((document) => {
    if (document.date > asOf) return [];
    const relieved = relievedOf(document, homeCurrency);
    const later = since.get(document.id) ?? { amount: 0, home: 0 };
    const openThen = document.total - relieved.amount + later.amount;
    return openThen !== 0 ? [{ document, open: openThen, openHome: totalInHome(document, homeCurrency) - relieved.home + later.home }] : [];
  });
  const closedSince = [...since].flatMap(([id, { amount, home, facts }]) => (facts && !read.has(id) && facts.date <= asOf && amount !== 0 ? [{ document: { ...facts, id, type }, open: amount, openHome: home }] : []));
  return [...fromDocuments, ...closedSince];
}

/** An invoice or a bill as the API answers it. */
export type SettledDocument = DocumentResource<'invoice'> | DocumentResource<'bill'>;

/** A party's open invoices or bills with their balances, oldest due first: what money or credit can settle. */
export async function openDocumentsOf(side: { readonly type: 'invoice' | 'bill' }, businessId: Id, partyId: Id): Promise<SettledDocument[]> {
  return (await openDocuments(businessId, side.type))
    .filter((document) => document.party_id === partyId)
    .sort((a, b) => (a.due_date ?? a.date).localeCompare(b.due_date ?? b.date) || a.sequence - b.sequence)
    .map((document) => toDocumentResource(document) as SettledDocument);
}
