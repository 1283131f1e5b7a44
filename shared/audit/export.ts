/**
 * `GET /audit-log/export?from=&to=`: a short range of a business's entries as JSON lines, oldest first, each with
 * its chain fields, for an auditor's own tools. One answer holds at most 10,000 entries and 4 MB (a Lambda answer
 * is at most 6 MB, and a file travels base64-encoded, a third larger); a longer range is 413 naming `to`.
 */
import { RuleViolation, TooLarge } from '../platform/core/errors.ts';
import { today } from '../platform/core/dates.ts';
import type { Id } from '../platform/core/ids.ts';
import { queryPage } from '../platform/db/query.ts';
import type { AuditEntry } from '../platform/trail/entry.ts';
import { rangeOf } from './audit-log.ts';
import { entryOfItem } from './chain-store.ts';
import type { AuditExportQueryInput } from './schemas.ts';

export const EXPORT_MAX_ENTRIES = 10_000;
export const EXPORT_MAX_BYTES = 4_000_000;

export async function exportAuditLog(businessId: Id, query: AuditExportQueryInput, limits = { entries: EXPORT_MAX_ENTRIES, bytes: EXPORT_MAX_BYTES }): Promise<AuditEntry[]> {
  const to = query.to ?? today();
  const from = query.from ?? to;
  if (from > to) throw RuleViolation.of('from', `must be on or before to (${to})`);
  const tooLarge = () => new TooLarge('to', `the range holds more than ${limits.entries.toLocaleString('en')} entries or ${limits.bytes / 1_000_000} MB: end it earlier`);
  const entries: AuditEntry[] = [];
  let bytes = 0;
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const item of await queryPage(rangeOf(businessId, year, {}, from, to), 0, limits.entries + 1 - entries.length)) {
      const entry = entryOfItem(item);
      bytes += JSON.stringify(entry).length + 1;
      entries.push(entry);
      if (entries.length > limits.entries || bytes > limits.bytes) throw tooLarge();
    }
  }
  return entries;
}
