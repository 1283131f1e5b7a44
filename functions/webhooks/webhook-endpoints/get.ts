import { defineHandler } from '../../../shared/access/index.ts';
import { webhookEndpointsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { getEndpoint, toEndpointResource } from '../../../shared/webhooks/endpoints.ts';

export const handler = defineHandler(webhookEndpointsRoutes.webhookEndpointsGet, async ({ businessId, id }) => ok('Webhook endpoint', toEndpointResource(await getEndpoint(businessId, id))));
