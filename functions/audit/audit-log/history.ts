import { recordHistory } from '../../../shared/audit/history.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { auditLogRoutes } from './routes.ts';

export const handler = defineHandler(auditLogRoutes.history, async ({ businessId, id, event, query }) => ok('Record history', await recordHistory(businessId, event.pathParameters?.collection ?? '', id, query)));
