import { AuditHistoryQuery, HISTORY_COLLECTIONS, AuditLogPage, AuditLogQuery, AuditVerification, AuditVerifyQuery } from '../../../shared/audit/schemas.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** The audit trail's rows of the route table. */
export const auditLogRoutes = defineRoutes({
  auditLog: { id: 'auditLog.list', method: 'GET', path: '/api/v1/audit-log', entry: 'functions/audit/audit-log/list.ts', auth: 'bearer', scope: 'audit:read', contract: { summary: 'Who changed what and when, newest first: every change to the business\'s records, by record, actor, action and dates', tag: 'Audit', query: AuditLogQuery, response: AuditLogPage } },
  auditVerify: { id: 'auditLog.verify', method: 'GET', path: '/api/v1/audit-log/verify', entry: 'functions/audit/audit-log/verify.ts', auth: 'bearer', scope: 'audit:read', contract: { summary: "Recomputes a stretch of the business's hash chain (by seq, 1,000 entries a page) and names the first entry altered, missing or out of place", tag: 'Audit', query: AuditVerifyQuery, response: AuditVerification } },
  history: { id: 'auditLog.history', method: 'GET', path: '/api/v1/{collection}/{id}/history', entry: 'functions/audit/audit-log/history.ts', auth: 'bearer', scope: 'audit:read', contract: { summary: "One record's history, newest first: who changed it, when, and what moved (collection as in its own path: invoices, credit-notes, customers, journals, …)", tag: 'Audit', query: AuditHistoryQuery, response: AuditLogPage, pathValues: { collection: Object.keys(HISTORY_COLLECTIONS) }, otherStatuses: { 404: 'No such collection, or no record of that id in this business.' } } },
});
