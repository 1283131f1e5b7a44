import { defineHandler } from '../../../shared/http/define-handler.ts';
import { pageRequestOf } from '../../../shared/http/fields.ts';
import { ok } from '../../../shared/http/responses.ts';
import { listDeliveries } from '../../../shared/webhooks/deliveries.ts';

export const handler = defineHandler('webhookDeliveries.list', async ({ businessId, id, query }) => ok('Deliveries', await listDeliveries(businessId, id, pageRequestOf(query))));
