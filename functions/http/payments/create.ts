import { defineHandler } from '../../../shared/http/define-handler.ts';
import { paymentsRoutes } from './routes.ts';
import { idempotencyKeyOf } from '../../../shared/http/idempotency.ts';
import { created } from '../../../shared/http/responses.ts';
import { recordMoney } from '../../../shared/money/money.ts';

export const handler = defineHandler(paymentsRoutes.create, async ({ businessId, body, event }) => {
  const { resource } = await recordMoney('payment', businessId, body, idempotencyKeyOf(event, 'payments.create'));
  return created('Payment recorded', resource);
});
