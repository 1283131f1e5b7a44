/**
 * A record's history for its dashboard page: its latest entries (who, when, what changed), for a viewer who may
 * read the trail; nothing for one who may not (viewers). The whole history is one link away, in the audit log.
 */
import type { Id } from '../platform/core/ids.ts';
import type { Viewer } from '../platform/web/viewer.ts';
import type { AuditEntry } from '../platform/trail/entry.ts';
import { listAuditLog } from './audit-log.ts';

/** Entries shown on a record's page; the rest are in Settings → Audit log. */
const SHOWN = 10;

export interface RecordHistoryView {
  readonly entries: readonly AuditEntry[];
  /** The audit log filtered to the record, when it holds more than the page shows. */
  readonly more: string | null;
}

export async function recordHistoryFor(viewer: Viewer, recordType: string, recordId: Id): Promise<RecordHistoryView | undefined> {
  if (!viewer.scopes.has('audit:read')) return undefined;
  const page = await listAuditLog(viewer.business.id, { record_type: recordType, record_id: recordId, page_size: SHOWN });
  return { entries: page.items, more: page.next_cursor ? `/dashboard/settings/audit-log?${new URLSearchParams({ record_type: recordType, record_id: recordId })}` : null };
}
