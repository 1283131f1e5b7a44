import { exportAuditLog } from '../../../shared/audit/export.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { today } from '../../../shared/platform/core/dates.ts';
import { jsonLines } from '../../../shared/platform/http/responses.ts';
import { auditLogRoutes } from './routes.ts';

export const handler = defineHandler(auditLogRoutes.auditExport, async ({ businessId, query }) => jsonLines('Audit log export', await exportAuditLog(businessId, query), `audit-log-${query.from ?? query.to ?? today()}-${query.to ?? today()}.jsonl`));
