import { defineHandler } from '../../../shared/access/index.ts';
import { paymentsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { getMoney } from '../../../shared/cash/cash.ts';

export const handler = defineHandler(paymentsRoutes.get, async ({ businessId, id }) => ok('Payment', await getMoney('payment', businessId, id)));
