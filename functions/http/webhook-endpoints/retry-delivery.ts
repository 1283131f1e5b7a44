import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { retryDelivery } from '../../../shared/webhooks/deliveries.ts';

export const handler = defineHandler('webhookDeliveries.retry', async ({ businessId, id }) => ok('Delivery queued again', await retryDelivery(businessId, id)));
