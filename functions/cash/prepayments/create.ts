import { recordPrepayment } from '../../../shared/cash/prepayments.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { prepaymentsRoutes } from './routes.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(prepaymentsRoutes.create, async ({ businessId, body, event }) => created('Prepayment recorded', await recordPrepayment('prepayment', businessId, body, idempotencyKeyOf(event, 'prepayments.create'))));
