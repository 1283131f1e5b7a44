import { defineRoutes } from '../../../shared/platform/http/route.ts';

const page = (entry: string) => `functions/audit/pages/${entry}.ts`;

/** The audit trail's dashboard pages: Settings → Audit log and its CSV, for whoever may read the trail (owners and accountants). */
export const auditPageRoutes = defineRoutes({
  auditLog: { id: 'settings.auditLog', method: 'GET', path: '/dashboard/settings/audit-log', entry: page('audit-log'), auth: 'browser', scope: 'audit:read' },
  auditLogCsv: { id: 'settings.auditLogCsv', method: 'GET', path: '/dashboard/settings/audit-log/export.csv', entry: page('audit-log-csv'), auth: 'browser', scope: 'audit:read' },
});
