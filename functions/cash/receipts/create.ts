import { defineHandler } from '../../../shared/access/index.ts';
import { receiptsRoutes } from './routes.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { recordMoney } from '../../../shared/cash/cash.ts';

export const handler = defineHandler(receiptsRoutes.create, async ({ businessId, body, event }) => {
  const { resource } = await recordMoney('receipt', businessId, body, idempotencyKeyOf(event, 'receipts.create'));
  return created('Receipt recorded', resource);
});
