import { defineHandler } from '../../../shared/http/define-handler.ts';
import { paymentsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { ok } from '../../../shared/http/responses.ts';
import { listMoney } from '../../../shared/money/money.ts';

export const handler = defineHandler(paymentsRoutes.list, async ({ businessId, query }) => ok('Payments', await listMoney('payment', businessId, pageRequestOf(query))));
