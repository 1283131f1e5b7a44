import { defineHandler } from '../../../shared/http/define-handler.ts';
import { webhookEndpointsRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';
import { getEndpoint, toEndpointResource } from '../../../shared/webhooks/endpoints.ts';

export const handler = defineHandler(webhookEndpointsRoutes.webhookEndpointsGet, async ({ businessId, id }) => ok('Webhook endpoint', toEndpointResource(await getEndpoint(businessId, id))));
