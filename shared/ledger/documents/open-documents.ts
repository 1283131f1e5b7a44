import { openDocumentsPk, openDocumentsPrefix } from '../../platform/db/keys.ts';
import { queryAll } from '../../platform/db/query.ts';
import type { DocumentType } from './specs.ts';
import type { Id } from '../../platform/core/ids.ts';
import { documentStore, isOpenDocument, type DocumentRecord } from './records.ts';

/**
 * The open documents of one type, by due date (up to `dueUpTo` when given): the markers of the open-documents
 * partition, then the documents themselves in one BatchGetItem. Reads what is open, however long the history.
 */
export async function openDocuments(businessId: Id, type: DocumentType, dueUpTo?: string): Promise<DocumentRecord[]> {
  const prefix = openDocumentsPrefix(type);
  const markers = await queryAll({ pk: openDocumentsPk(businessId), sortKey: 'sk', prefix, ...(dueUpTo ? { between: [prefix, `${prefix}${dueUpTo}#\uffff`] as const } : {}) });
  const documents = await documentStore.getMany(businessId, markers.map((marker) => String(marker.document_id) as Id));
  // A marker always moves with its document in one transaction; the check keeps a report honest regardless.
  return documents.filter(isOpenDocument);
}
