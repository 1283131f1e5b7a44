import { defineHandler } from '../../../shared/http/define-handler.ts';
import { pageRequestOf } from '../../../shared/http/fields.ts';
import { ok } from '../../../shared/http/responses.ts';
import { listEndpoints } from '../../../shared/webhooks/endpoints.ts';

export const handler = defineHandler('webhookEndpoints.list', async ({ businessId, query }) => ok('Webhook endpoints', await listEndpoints(businessId, pageRequestOf(query))));
