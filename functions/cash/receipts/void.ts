import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { receiptsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { voidMoney } from '../../../shared/cash/cash.ts';

export const handler = defineHandler(receiptsRoutes.void, async ({ businessId, id, body }) => ok('Receipt voided', await voidMoney('receipt', businessId, id, body)));
