import { defineHandler } from '../../../shared/access/index.ts';
import { receiptsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { getMoney } from '../../../shared/cash/cash.ts';

export const handler = defineHandler(receiptsRoutes.get, async ({ businessId, id }) => ok('Receipt', await getMoney('receipt', businessId, id)));
