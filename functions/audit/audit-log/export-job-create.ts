import { requestAuditExport } from '../../../shared/audit/export-jobs.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { accepted } from '../../../shared/platform/http/responses.ts';
import { auditLogRoutes } from './routes.ts';

export const handler = defineHandler(auditLogRoutes.auditExportJobCreate, async ({ businessId, body }) => accepted('Audit log export queued', { ...(await requestAuditExport(businessId, body ?? {})), download_url: null, download_expires_at: null }));
