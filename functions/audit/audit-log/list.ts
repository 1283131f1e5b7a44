import { listAuditLog } from '../../../shared/audit/audit-log.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { auditLogRoutes } from './routes.ts';

export const handler = defineHandler(auditLogRoutes.auditLog, async ({ businessId, query }) => ok('Audit log', await listAuditLog(businessId, query)));
