import { downloadableAuditExport } from '../../../shared/audit/export-file.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { auditLogRoutes } from './routes.ts';

export const handler = defineHandler(auditLogRoutes.auditExportJobGet, async ({ businessId, id }) => ok('Audit log export', await downloadableAuditExport(businessId, id)));
