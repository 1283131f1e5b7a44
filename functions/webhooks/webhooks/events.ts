import { defineHandler } from '../../../shared/access/index.ts';
import { webhooksRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { webhookEvents } from '../../../shared/platform/service/index.ts';

export const handler = defineHandler(webhooksRoutes.list, async () => ok('Webhook event catalogue', webhookEvents()));
