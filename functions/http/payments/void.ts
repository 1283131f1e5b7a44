import { defineHandler } from '../../../shared/http/define-handler.ts';
import { paymentsRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';
import { voidMoney } from '../../../shared/money/money.ts';

export const handler = defineHandler(paymentsRoutes.void, async ({ businessId, id }) => ok('Payment voided', await voidMoney('payment', businessId, id)));
