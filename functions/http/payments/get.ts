import { defineHandler } from '../../../shared/http/define-handler.ts';
import { paymentsRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';
import { getMoney } from '../../../shared/money/money.ts';

export const handler = defineHandler(paymentsRoutes.get, async ({ businessId, id }) => ok('Payment', await getMoney('payment', businessId, id)));
