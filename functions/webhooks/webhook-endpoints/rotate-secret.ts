import { defineHandler } from '../../../shared/access/index.ts';
import { webhookEndpointsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { rotateSecret } from '../../../shared/webhooks/endpoints.ts';

export const handler = defineHandler(webhookEndpointsRoutes.webhookEndpointsRotateSecret, async ({ businessId, id }) => ok('Signing secret rotated; the previous one signs beside it for 24 hours', await rotateSecret(businessId, id)));
