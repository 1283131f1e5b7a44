import { defineHandler } from '../../../shared/http/define-handler.ts';
import { receiptsRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';
import { voidMoney } from '../../../shared/money/money.ts';

export const handler = defineHandler(receiptsRoutes.void, async ({ businessId, id }) => ok('Receipt voided', await voidMoney('receipt', businessId, id)));
