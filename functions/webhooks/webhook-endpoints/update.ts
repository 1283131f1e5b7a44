import { defineHandler } from '../../../shared/access/index.ts';
import { webhookEndpointsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { updateEndpoint } from '../../../shared/webhooks/endpoints.ts';

export const handler = defineHandler(webhookEndpointsRoutes.webhookEndpointsUpdate, async ({ businessId, id, body, credential }) => ok('Webhook endpoint updated', await updateEndpoint(businessId, id, body, credential.scopes)));
