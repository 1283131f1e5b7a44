import { defineHandler } from '../../../shared/access/index.ts';
import { webhookEndpointsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { pingEndpoint } from '../../../shared/webhooks/endpoints.ts';

export const handler = defineHandler(webhookEndpointsRoutes.webhookEndpointsPing, async ({ businessId, id }) => ok('Ping sent', await pingEndpoint(businessId, id)));
