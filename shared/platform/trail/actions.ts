/**
 * The audit actions most changes are: a record created, or changed by an action (voided, categorized, …), with
 * what moved computed from the record's resource before and after (`changesOf`). A use case names the records
 * its action touched beside its own (`related`: the invoices a receipt settled), so one action is one entry.
 */
import { changesOf, type ChangeRules } from './changes.ts';
import type { AuditAction, AuditRecordRef } from './entry.ts';

/** What names a record in the trail: its id and, when it has one, its number. */
export interface Described {
  readonly id: string;
  readonly no?: string | null;
  readonly number?: string | null;
}

export function recordRef(type: string, record: Described): AuditRecordRef {
  return { type, id: record.id, no: record.no ?? record.number ?? null };
}

export function createdAction(type: string, resource: Described, related: readonly AuditRecordRef[] = [], rules?: ChangeRules): AuditAction {
  return { action: 'created', record: recordRef(type, resource), related, changes: changesOf(null, resource, rules) };
}

export function changedAction(action: string, type: string, before: Described, after: Described, related: readonly AuditRecordRef[] = [], rules?: ChangeRules): AuditAction {
  return { action, record: recordRef(type, after), related, changes: changesOf(before, after, rules) };
}

export function deletedAction(type: string, before: Described, rules?: ChangeRules): AuditAction {
  return { action: 'deleted', record: recordRef(type, before), changes: changesOf(before, null, rules) };
}
