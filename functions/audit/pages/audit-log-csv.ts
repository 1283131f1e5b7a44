import { listAuditLog } from '../../../shared/audit/audit-log.ts';
import { auditLogCsv } from '../../../shared/audit/pages/audit-log.tsx';
import { AuditLogQuery } from '../../../shared/audit/schemas.ts';
import type { AuditEntry } from '../../../shared/platform/trail/entry.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/index.ts';
import { today } from '../../../shared/platform/core/dates.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { auditPageRoutes as rows } from './routes.ts';

/** The most rows one download holds: the API's export bound; a longer range is narrowed by its dates. */
const CSV_MAX_ENTRIES = 10_000;

export const handler = defineDashboardPage(rows.auditLogCsv, async ({ viewer, event }) => {
  const query = parseInput(AuditLogQuery, filledQueryOf(event), 'query');
  const entries: AuditEntry[] = [];
  for (let cursor = query.cursor; entries.length < CSV_MAX_ENTRIES; ) {
    const page = await listAuditLog(viewer.business.id, { ...query, page_size: 200, cursor });
    entries.push(...page.items);
    if (!page.next_cursor) break;
    cursor = parseInput(AuditLogQuery, { cursor: page.next_cursor }, 'query').cursor;
  }
  return { statusCode: 200, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="audit-log-${today()}.csv"`, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }, body: auditLogCsv(entries.slice(0, CSV_MAX_ENTRIES)) };
});
