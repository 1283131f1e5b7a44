/**
 * `GET /audit-log`: a business's audit entries, newest first, filtered by record, actor, action and dates. The
 * entries live per business and year (`shared/platform/trail/write.ts`); a record's are found on lsi1, an actor's on
 * lsi2, any others by date on the table's own key, so a page costs a page, the `action` filter (applied to what the
 * range holds) and a bare `record_type` aside. A page runs from the newest year of the range to the oldest.
 */
import { RuleViolation } from '../platform/core/errors.ts';
import { today } from '../platform/core/dates.ts';
import type { Id } from '../platform/core/ids.ts';
import { auditActorPrefix, auditPk, auditRecordPrefix } from '../platform/trail/write.ts';
import type { AuditEntry } from '../platform/trail/entry.ts';
import { queryNewestFirst, type IndexRange } from '../platform/db/query.ts';
import { entryOfItem } from './chain-store.ts';
import { encodeAuditCursor, type AuditLogQueryInput } from './schemas.ts';

const PAGE_SIZE_DEFAULT = 50;
const KEPT_YEARS = 7;

/** The range of one year's collection the query reads: by record, by actor, or by date (the export's, with no filter). */
export function rangeOf(businessId: Id, year: number, query: Pick<AuditLogQueryInput, 'record_type' | 'record_id' | 'actor_id'>, from: string, to: string): IndexRange {
  const [index, sortKey, prefix] = query.record_id ? (['lsi1', 'lsi1sk', auditRecordPrefix(query.record_type!, query.record_id)] as const) : query.actor_id ? (['lsi2', 'lsi2sk', auditActorPrefix(query.actor_id)] as const) : ([undefined, 'sk', 'E#'] as const);
  return { pk: auditPk(businessId, String(year)), ...(index ? { index } : {}), sortKey, prefix, between: [`${prefix}${from}T00:00:00.000Z`, `${prefix}${to}T23:59:59.999Z\uffff`] };
}

/** What the index does not decide: the action, the actor when a record was asked for, a record type alone. */
function keeps(entry: AuditEntry, query: AuditLogQueryInput): boolean {
  if (query.action && entry.action !== query.action) return false;
  if (query.actor_id && query.record_id && entry.actor.id !== query.actor_id) return false;
  if (query.record_type && entry.record.type !== query.record_type) return false;
  return true;
}

export async function listAuditLog(businessId: Id, query: AuditLogQueryInput): Promise<{ readonly items: AuditEntry[]; readonly next_cursor: string | null }> {
  if (query.record_id && !query.record_type) throw RuleViolation.of('record_type', 'is required with record_id');
  const to = query.to ?? today();
  const from = query.from ?? `${Number(to.slice(0, 4)) - KEPT_YEARS}${to.slice(4)}`;
  if (from > to) throw RuleViolation.of('from', `must be on or before to (${to})`);
  const pageSize = query.page_size ?? PAGE_SIZE_DEFAULT;
  const oldest = Number(from.slice(0, 4));
  const items: AuditEntry[] = [];
  let year = query.cursor?.year ?? Number(to.slice(0, 4));
  let start: Record<string, unknown> | undefined = query.cursor && Object.keys(query.cursor.after).length > 0 ? query.cursor.after : undefined;
  while (year >= oldest) {
    const page = await queryNewestFirst(rangeOf(businessId, year, query, from, to), pageSize - items.length, start);
    items.push(...page.items.map(entryOfItem).filter((entry) => keeps(entry, query)));
    if (page.next) {
      start = page.next;
      if (items.length >= pageSize) return { items, next_cursor: encodeAuditCursor({ year, after: page.next as Record<string, string> }) };
      continue;
    }
    year--;
    start = undefined;
    if (items.length >= pageSize) return { items, next_cursor: year >= oldest ? encodeAuditCursor({ year, after: {} }) : null };
  }
  return { items, next_cursor: null };
}
