import { applyMoneyCredit } from '../../../shared/cash/prepayments.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { receiptsRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(receiptsRoutes.allocate, async ({ businessId, id, body }) => created('Receipt credit applied', await applyMoneyCredit('receipt', businessId, id, body)));
