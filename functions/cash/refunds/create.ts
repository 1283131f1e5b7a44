import { recordRefund } from '../../../shared/cash/refunds.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { refundsRoutes } from './routes.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(refundsRoutes.create, async ({ businessId, body, event }) => created('Refund recorded', await recordRefund('refund', businessId, body, idempotencyKeyOf(event, 'refunds.create'))));
