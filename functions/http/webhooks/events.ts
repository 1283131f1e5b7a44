import { defineHandler } from '../../../shared/http/define-handler.ts';
import { webhooksRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';
import { webhookEvents } from '../../../shared/service/index.ts';

export const handler = defineHandler(webhooksRoutes.list, async () => ok('Webhook event catalogue', webhookEvents()));
