import { AuditLogPage, AuditLogQuery } from '../../../shared/audit/schemas.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** The audit trail's rows of the route table. */
export const auditLogRoutes = defineRoutes({
  auditLog: { id: 'auditLog.list', method: 'GET', path: '/api/v1/audit-log', entry: 'functions/audit/audit-log/list.ts', auth: 'bearer', scope: 'audit:read', contract: { summary: 'Who changed what and when, newest first: every change to the business\'s records, by record, actor, action and dates', tag: 'Audit', query: AuditLogQuery, response: AuditLogPage } },
});
