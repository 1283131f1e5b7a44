import { verifyChain } from '../../../shared/audit/verify.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { auditLogRoutes } from './routes.ts';

export const handler = defineHandler(auditLogRoutes.auditVerify, async ({ businessId, query }) => ok('Audit chain verification', await verifyChain(businessId, query)));
