import { defineHandler } from '../../../shared/access/index.ts';
import { webhookEndpointsRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { createEndpoint } from '../../../shared/webhooks/endpoints.ts';

export const handler = defineHandler(webhookEndpointsRoutes.webhookEndpointsCreate, async ({ businessId, body, credential }) => created('Webhook endpoint created', await createEndpoint(businessId, body, credential.scopes)));
