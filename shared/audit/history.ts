/**
 * `GET /{collection}/{id}/history` (api.md, "Audit trail"): one record's entries, newest first, from its index in
 * the audit collection (lsi1), a page costing a page. The path names the collection as the API does (`credit-notes`);
 * entries name the record's type (`credit_note`). A record with no entry is answered as unknown: every record made
 * since the trail began has at least its creation.
 */
import { NotFound } from '../platform/core/errors.ts';
import type { Id } from '../platform/core/ids.ts';
import { listAuditLog } from './audit-log.ts';
import { HISTORY_COLLECTIONS, type AuditHistoryQueryInput } from './schemas.ts';

export async function recordHistory(businessId: Id, collection: string, recordId: Id, query: AuditHistoryQueryInput) {
  const recordType = (HISTORY_COLLECTIONS as Record<string, string>)[collection];
  if (!recordType) throw new NotFound('collection');
  const page = await listAuditLog(businessId, { ...query, record_type: recordType, record_id: recordId });
  if (page.items.length === 0 && !query.cursor) throw new NotFound('record');
  return page;
}
