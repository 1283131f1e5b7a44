import { defineHandler } from '../../../shared/access/index.ts';
import { webhookEndpointsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { listDeliveries } from '../../../shared/webhooks/deliveries.ts';

export const handler = defineHandler(webhookEndpointsRoutes.webhookDeliveriesList, async ({ businessId, id, query }) => ok('Deliveries', await listDeliveries(businessId, id, pageRequestOf(query))));
