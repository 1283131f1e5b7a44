import { defineHandler } from '../../../shared/http/define-handler.ts';
import { receiptsRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';
import { getMoney } from '../../../shared/money/money.ts';

export const handler = defineHandler(receiptsRoutes.get, async ({ businessId, id }) => ok('Receipt', await getMoney('receipt', businessId, id)));
