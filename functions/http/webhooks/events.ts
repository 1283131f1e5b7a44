import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { webhookEvents } from '../../../shared/service/index.ts';

export const handler = defineHandler('webhookEvents.list', async () => ok('Webhook event catalogue', webhookEvents()));
