/**
 * `POST /audit-log/exports`: a file of any range of a business's audit log, made as a job. The request stores the
 * job (and its own audit entry) and answers 202; the projector hands a pending job to the exports queue, and its
 * worker pages through the range a year and 1,000 entries at a time, streaming JSON lines into the records bucket
 * (a multipart upload: memory stays one part whatever the range), then marks the job done. `GET
 * /audit-log/exports/{id}` answers its status and, once done, a download link valid five minutes.
 */
import * as v from 'valibot';
import { RuleViolation } from '../platform/core/errors.ts';
import { today } from '../platform/core/dates.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { collection } from '../platform/db/collection.ts';
import { WriteTransaction } from '../platform/db/transaction.ts';
import { messageQueue } from '../platform/outbox/transports.ts';
import { createdAction } from '../platform/trail/actions.ts';
import { addAuditEntry } from '../platform/trail/write.ts';
import type { AuditExportJobInput } from './schemas.ts';

/** The kept trail: an export with no `from` starts this many years before its `to`. */
const KEPT_YEARS = 7;

/** The records bucket's folder of export files. */
export const AUDIT_EXPORTS_FOLDER = 'audit-exports';

export type AuditExportStatus = 'pending' | 'done' | 'failed';

export interface AuditExportRecord {
  readonly id: Id;
  readonly status: AuditExportStatus;
  readonly from: string;
  readonly to: string;
  readonly entries: number | null;
  readonly bytes: number | null;
  readonly error: string | null;
  readonly created_at: string;
  readonly completed_at: string | null;
}

export const exportStore = collection<AuditExportRecord>({ kind: 'AUDIT_EXPORT', order: (record) => `AUDIT_EXPORT#${record.created_at}#${record.id}` });


export async function requestAuditExport(businessId: Id, input: AuditExportJobInput): Promise<AuditExportRecord> {
  const to = input.to ?? today();
  const from = input.from ?? `${Number(to.slice(0, 4)) - KEPT_YEARS}${to.slice(4)}`;
  if (from > to) throw RuleViolation.of('from', `must be on or before to (${to})`);
  const record: AuditExportRecord = { id: newId(), status: 'pending', from, to, entries: null, bytes: null, error: null, created_at: new Date().toISOString(), completed_at: null };
  const tx = new WriteTransaction();
  exportStore.addCreate(tx, businessId, record);
  addAuditEntry(tx, businessId, createdAction('audit_export', record));
  await tx.commit();
  return record;
}

/** Marks a job failed when its last attempt has failed (the message then goes to the dead-letter queue). */
export async function failAuditExport(businessId: Id, id: Id, error: string): Promise<void> {
  await finishAuditExport(businessId, id, { status: 'failed', error });
}

/** Moves a pending job to its outcome; a job already finished (a message delivered twice) is left as it is. */
export async function finishAuditExport(businessId: Id, id: Id, outcome: Partial<AuditExportRecord>): Promise<void> {
  await exportStore.modify(businessId, id, (record) => (record.status === 'pending' ? { ...record, ...outcome, completed_at: new Date().toISOString() } : record));
}

/** The exports queue's message: one job. */
export const AuditExportJobMessage = v.object({ business_id: v.pipe(v.string(), v.transform((id) => id as Id)), export_id: v.pipe(v.string(), v.transform((id) => id as Id)) });

/** Hands a pending job to the exports queue (the projector, on the job's creation). */
export async function dispatchAuditExport(businessId: Id, record: AuditExportRecord): Promise<boolean> {
  if (record.status !== 'pending') return false;
  const message: v.InferInput<typeof AuditExportJobMessage> = { business_id: businessId, export_id: record.id };
  await messageQueue().send('exports', JSON.stringify(message), { group: businessId });
  return true;
}
