/**
 * Documents by status: each document listed under its type and status (and its party's), by business date then
 * number, kept off the request path from the documents' own changes on the table stream (`shared/platform/outbox/projection.ts`).
 * It serves the status filters that the open-documents index does not, and lists nothing else: every status of the
 * types that do not settle, and the closed ones (Paid, Voided, …) of invoices and bills, whose history grows
 * without bound.
 */
import { applyChange, applyChanges, expectedProjection, projectedPage, type ProjectionSpec } from '../../platform/outbox/projection.ts';
import type { DateRange } from '../../platform/db/dated-counts.ts';
import type { Id } from '../../platform/core/ids.ts';
import type { Page, PageRequest } from '../../platform/core/paging.ts';
import type { DocumentType } from './specs.ts';
import { documentsOfRecentWrites, documentStatus, documentStore, isListedAsOpen, type DocumentRecord } from './records.ts';

const NAME = 'STATUS';

/** The list of a type's documents in one status, and of one party's. */
export const statusList = (type: DocumentType, status: string, partyId?: Id) => (partyId ? `${type}@${partyId}#${status}` : `${type}#${status}`);

export const DOCUMENT_STATUS: ProjectionSpec<DocumentRecord> = {
  name: NAME,
  entriesOf: (document) => {
    const status = documentStatus(document);
    // An open invoice or bill is listed by the open-documents index: here it keeps only its marker (the version
    // applied), so a part payment moves one item here instead of thirteen, and streams one record instead of thirteen.
    if (isListedAsOpen(document.type, status)) return [];
    // By number, then id: a number is not unique within a type. The credit an overpayment leaves is a prepayment
    // numbered as its receipt or payment (PAY-00002), beside the prepayments of the type's own series (PP-00002), and
    // two such on one day would share one entry (and one transaction would write it twice).
    const order = `${String(document.sequence).padStart(12, '0')}#${document.id}`;
    const attributes = { document_id: document.id };
    return [
      { list: statusList(document.type, status), date: document.date, order, attributes },
      { list: statusList(document.type, status, document.party_id), date: document.date, order, attributes },
    ];
  },
};

/** Applies one document change from the stream: its image after the change, or undefined when it was deleted. */
export async function projectDocumentChange(businessId: Id, documentId: Id, version: number, document: DocumentRecord | undefined): Promise<boolean> {
  return applyChange(DOCUMENT_STATUS, businessId, documentId, version, document);
}


/**
 * A page of one status's documents (of a party's, when given), as the projection lists them: membership as of the
 * last change it applied (within about a second of the posting), each document read as it is now.
 */
export async function documentsInStatus(businessId: Id, type: DocumentType, status: string, partyId: Id | undefined, request: PageRequest, dates: DateRange): Promise<Page<DocumentRecord>> {
  // Side by side: the page read beside the catch-up stands unless the catch-up moved something, or the first read
  // disagrees with one of the reader's own documents (the projector applied it between that read and the catch-up).
  const read = () => projectedPage(businessId, NAME, statusList(type, status, partyId), request, dates);
  const [own, first] = await Promise.all([catchUpOwnWrites(businessId), read()]);
  const listed = new Set(first.items.map((entry) => String(entry.document_id)));
  const belongs = (document: DocumentRecord) => document.type === type && (!partyId || document.party_id === partyId) && documentStatus(document) === status;
  const disagrees = own.documents.some((document) => belongs(document) !== listed.has(document.id));
  const page = own.moved > 0 || disagrees ? await read() : first;
  const ids = page.items.map((entry) => String(entry.document_id) as Id);
  const documents = new Map((await documentStore.getMany(businessId, ids)).map((document) => [document.id, document]));
  return { ...page, items: ids.flatMap((id) => (documents.has(id) ? [documents.get(id)!] : [])) };
}

/**
 * The documents the reader's credential wrote lately (`recent-writes.ts`), applied to the lists before they are read,
 * with the projector's own idempotent code: a document the projector has applied already costs its marker's read.
 * So whoever moved an invoice to Paid finds it under Paid at once; others within the projector's lag. Answers the
 * documents it read and how many changes it applied (0 when the projector had been there first).
 */
export async function catchUpOwnWrites(businessId: Id): Promise<{ readonly documents: readonly DocumentRecord[]; readonly moved: number }> {
  const documents = await documentsOfRecentWrites(businessId);
  const moved = await applyChanges(DOCUMENT_STATUS, businessId, documents.map(({ record, version }) => ({ recordId: record.id, version, record })));
  return { documents: documents.map(({ record }) => record), moved };
}

/** What the projection should hold for these documents (the rebuild compares and repairs). */
export function expectedDocumentStatus(businessId: Id, documents: readonly { readonly record: DocumentRecord; readonly version: number }[]) {
  return expectedProjection(DOCUMENT_STATUS, businessId, documents.map(({ record, version }) => ({ id: record.id, version, record })));
}
