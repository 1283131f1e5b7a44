import { defineHandler } from '../../../shared/http/define-handler.ts';
import { webhookEndpointsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { ok } from '../../../shared/http/responses.ts';
import { listEndpoints } from '../../../shared/webhooks/endpoints.ts';

export const handler = defineHandler(webhookEndpointsRoutes.webhookEndpointsList, async ({ businessId, query }) => ok('Webhook endpoints', await listEndpoints(businessId, pageRequestOf(query))));
