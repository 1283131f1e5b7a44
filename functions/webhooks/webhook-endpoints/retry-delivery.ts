import { defineHandler } from '../../../shared/access/index.ts';
import { webhookEndpointsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { retryDelivery } from '../../../shared/webhooks/deliveries.ts';

export const handler = defineHandler(webhookEndpointsRoutes.webhookDeliveriesRetry, async ({ businessId, id }) => ok('Delivery queued again', await retryDelivery(businessId, id)));
