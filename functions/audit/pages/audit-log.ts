import { listAuditLog } from '../../../shared/audit/audit-log.ts';
import { auditLogPage } from '../../../shared/audit/pages/audit-log.tsx';
import { AuditLogQuery } from '../../../shared/audit/schemas.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/index.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { auditPageRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.auditLog, async ({ viewer, event }) => {
  const query = parseInput(AuditLogQuery, filledQueryOf(event), 'query');
  const page = await listAuditLog(viewer.business.id, query);
  return html(200, auditLogPage({ viewer, query, items: page.items, nextCursor: page.next_cursor }));
});
