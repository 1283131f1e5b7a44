import { defineHandler } from '../../../shared/http/define-handler.ts';
import { pageRequestOf } from '../../../shared/http/fields.ts';
import { ok } from '../../../shared/http/responses.ts';
import { listMoney } from '../../../shared/money/money.ts';

export const handler = defineHandler('payments.list', async ({ businessId, query }) => ok('Payments', await listMoney('payment', businessId, pageRequestOf(query))));
