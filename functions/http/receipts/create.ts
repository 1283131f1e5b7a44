import { defineHandler } from '../../../shared/http/define-handler.ts';
import { receiptsRoutes } from './routes.ts';
import { idempotencyKeyOf } from '../../../shared/http/idempotency.ts';
import { created } from '../../../shared/http/responses.ts';
import { recordMoney } from '../../../shared/money/money.ts';

export const handler = defineHandler(receiptsRoutes.create, async ({ businessId, body, event }) => {
  const { resource } = await recordMoney('receipt', businessId, body, idempotencyKeyOf(event, 'receipts.create'));
  return created('Receipt recorded', resource);
});
