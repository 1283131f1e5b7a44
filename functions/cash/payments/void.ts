import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { paymentsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { voidMoney } from '../../../shared/cash/cash.ts';

export const handler = defineHandler(paymentsRoutes.void, async ({ businessId, id, body }) => ok('Payment voided', await voidMoney('payment', businessId, id, body)));
