/**
 * The one mechanism that writes an audit entry: into the transaction of the change it records, one item in the
 * business's audit collection of the action's year (`BIZ#<b>#AUDIT#<yyyy>` / `E#<at>#<id>`), found by record on
 * lsi1 and by actor on lsi2 (docs/audit-trail.md). Who acted comes from `currentActing`, never from the caller.
 */
import { businessPk, type Key } from '../db/keys.ts';
import type { WriteTransaction } from '../db/transaction.ts';
import { newId, type Id } from '../core/ids.ts';
import { currentActing } from './acting.ts';
import type { AuditAction, AuditEntry } from './entry.ts';

/** A business's audit collection of one year. */
export const auditPk = (businessId: Id, year: string) => `${businessPk(businessId)}#AUDIT#${year}`;
export const auditRecordPrefix = (type: string, id: string) => `R#${type}#${id}#`;
export const auditActorPrefix = (actorId: string) => `A#${actorId}#`;

export function auditEntryKey(businessId: Id, entry: Pick<AuditEntry, 'at' | 'id'>): Key {
  return { pk: auditPk(businessId, entry.at.slice(0, 4)), sk: `E#${entry.at}#${entry.id}` };
}

/** The entry of an action as it will be written now, by whoever is acting. */
export function auditEntryOf(action: AuditAction, at = new Date().toISOString()): AuditEntry {
  const { actor, requestId, clientIp } = currentActing();
  return { id: newId(), seq: null, at, actor, action: action.action, record: action.record, related: action.related ?? [], changes: action.changes, request_id: requestId, client_ip: clientIp, prev_hash: null, hash: null };
}

/**
 * Adds the entry of `action` to the transaction that makes the change, stamped now; `at` only for a migration
 * recording an existing record at the moment it was made.
 */
export function addAuditEntry(tx: WriteTransaction, businessId: Id, action: AuditAction, at?: string): AuditEntry {
  const entry = auditEntryOf(action, at);
  tx.put('AUDIT:entry', {
    ...auditEntryKey(businessId, entry),
    lsi1sk: `${auditRecordPrefix(entry.record.type, entry.record.id)}${entry.at}#${entry.id}`,
    lsi2sk: `${auditActorPrefix(entry.actor.id)}${entry.at}#${entry.id}`,
    ...entry,
  });
  return entry;
}
