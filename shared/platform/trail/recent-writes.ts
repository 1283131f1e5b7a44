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
/** The newest entries read: a person or an integration makes a few changes before it reads a list back. */
const ENTRIES_READ = 10;

/** The records the acting credential's audit entries of the last five minutes name, newest first, each once; none for the service. */
export async function recentWritesOfActing(businessId: Id, now = new Date()): Promise<AuditRecordRef[]> {
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
  const entries = pages.flatMap((page) => (page.Items ?? []) as unknown as AuditEntry[]).sort((a, b) => b.at.localeCompare(a.at));
  const seen = new Map<string, AuditRecordRef>();
  for (const entry of entries) for (const ref of [entry.record, ...entry.related]) seen.set(`${ref.type}#${ref.id}`, ref);
  return [...seen.values()];
}
