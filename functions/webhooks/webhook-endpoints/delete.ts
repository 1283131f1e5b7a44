import { defineHandler } from '../../../shared/access/index.ts';
import { webhookEndpointsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { deleteEndpoint } from '../../../shared/webhooks/endpoints.ts';

export const handler = defineHandler(webhookEndpointsRoutes.webhookEndpointsDelete, async ({ businessId, id }) => ok('Webhook endpoint deleted', await deleteEndpoint(businessId, id)));
