import { defineHandler } from '../../../shared/access/index.ts';
import { receiptsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { listMoney } from '../../../shared/cash/cash.ts';

export const handler = defineHandler(receiptsRoutes.list, async ({ businessId, query }) => ok('Receipts', await listMoney('receipt', businessId, pageRequestOf(query))));
