import { defineHandler } from '../../../shared/http/define-handler.ts';
import { receiptsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { ok } from '../../../shared/http/responses.ts';
import { listMoney } from '../../../shared/money/money.ts';

export const handler = defineHandler(receiptsRoutes.list, async ({ businessId, query }) => ok('Receipts', await listMoney('receipt', businessId, pageRequestOf(query))));
