import { defineHandler } from '../../../shared/http/define-handler.ts';
import { webhookEndpointsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { ok } from '../../../shared/http/responses.ts';
import { listDeliveries } from '../../../shared/webhooks/deliveries.ts';

export const handler = defineHandler(webhookEndpointsRoutes.webhookDeliveriesList, async ({ businessId, id, query }) => ok('Deliveries', await listDeliveries(businessId, id, pageRequestOf(query))));
