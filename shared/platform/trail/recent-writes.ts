/**
 * What the acting credential wrote lately: the records its audit entries name (each entry's record and related
 * records), from its newest entries on lsi2 within a window. A read served by a projection the stream keeps first
 * catches these records up with the projector's own idempotent code, so the credential that wrote reads its own
 * change without waiting (design.md, "Consistency is chosen per read"; docs/books-as-of.md). The audit entry is
 * written in every change's own transaction, so this list costs a write nothing: one Query on the read.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client.ts';
import type { Id } from '../core/ids.ts';
import { currentActing } from './acting.ts';
import type { AuditEntry, AuditRecordRef } from './entry.ts';
import { auditActorPrefix, auditPk } from './write.ts';

/**
 * How far back a read looks. The projector follows a posting within about a second (p99 under 0.3 s measured); a
 * lag past minutes is an incident its alarm reports, and a read then still catches up what its reader wrote.
 */
export const OWN_WRITES_WINDOW_MS = 5 * 60_000;
/**
 * The newest entries read: the credential's last few actions, which a read right after them may find the projector
 * has not applied yet (those before were written longer ago than its lag). Few, because each names up to 26
 * records (a receipt and its invoices) that the read then checks.
 */
const ENTRIES_READ = 5;

/** One recent action: the record it was on and the records it settled, matched or named. */
export interface RecentWrite {
  readonly record: AuditRecordRef;
  readonly related: readonly AuditRecordRef[];
}

/** The acting credential's actions of the last five minutes, at most five, newest first; none for the service. */
export async function recentWritesOfActing(businessId: Id, now = new Date()): Promise<RecentWrite[]> {
  const { actor } = currentActing();
  if (actor.type === 'service') return [];
  const since = new Date(now.getTime() - OWN_WRITES_WINDOW_MS).toISOString();
  // Entries live in a collection per year: a window across New Year reads both.
  const years = [...new Set([now.toISOString().slice(0, 4), since.slice(0, 4)])];
  const pages = await Promise.all(
    years.map((year) =>
      db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'lsi2',
          KeyConditionExpression: 'pk = :pk AND lsi2sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': auditPk(businessId, year), ':from': `${auditActorPrefix(actor.id)}${since}`, ':to': `${auditActorPrefix(actor.id)}\uffff` },
          ScanIndexForward: false,
          Limit: ENTRIES_READ,
        }),
      ),
    ),
  );
  const entries = pages.flatMap((page) => (page.Items ?? []) as unknown as AuditEntry[]).sort((a, b) => b.at.localeCompare(a.at)).slice(0, ENTRIES_READ);
  return entries.map((entry) => ({ record: entry.record, related: entry.related }));
}

/** The records of a kind the recent actions name, each once: `pick` chooses from each action's record and related ones. */
export function recordsNamed(writes: readonly RecentWrite[], pick: (write: RecentWrite) => readonly AuditRecordRef[]): AuditRecordRef[] {
  const seen = new Map<string, AuditRecordRef>();
  for (const write of writes) for (const ref of pick(write)) seen.set(`${ref.type}#${ref.id}`, ref);
  return [...seen.values()];
}
