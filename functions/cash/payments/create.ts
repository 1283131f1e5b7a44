import { defineHandler } from '../../../shared/access/index.ts';
import { paymentsRoutes } from './routes.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { recordMoney } from '../../../shared/cash/cash.ts';

export const handler = defineHandler(paymentsRoutes.create, async ({ businessId, body, event }) => {
  const { resource } = await recordMoney('payment', businessId, body, idempotencyKeyOf(event, 'payments.create'));
  return created('Payment recorded', resource);
});
