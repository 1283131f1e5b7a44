import { AuditLogPage, AuditLogQuery, AuditVerification, AuditVerifyQuery } from '../../../shared/audit/schemas.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** The audit trail's rows of the route table. */
export const auditLogRoutes = defineRoutes({
  auditLog: { id: 'auditLog.list', method: 'GET', path: '/api/v1/audit-log', entry: 'functions/audit/audit-log/list.ts', auth: 'bearer', scope: 'audit:read', contract: { summary: 'Who changed what and when, newest first: every change to the business\'s records, by record, actor, action and dates', tag: 'Audit', query: AuditLogQuery, response: AuditLogPage } },
  auditVerify: { id: 'auditLog.verify', method: 'GET', path: '/api/v1/audit-log/verify', entry: 'functions/audit/audit-log/verify.ts', auth: 'bearer', scope: 'audit:read', contract: { summary: "Recomputes a stretch of the business's hash chain (by seq, 1,000 entries a page) and names the first entry altered, missing or out of place", tag: 'Audit', query: AuditVerifyQuery, response: AuditVerification } },
});
