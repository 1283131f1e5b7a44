import { defineHandler } from '../../../shared/access/index.ts';
import { paymentsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { listMoney } from '../../../shared/cash/cash.ts';

export const handler = defineHandler(paymentsRoutes.list, async ({ businessId, query }) => ok('Payments', await listMoney('payment', businessId, pageRequestOf(query))));
