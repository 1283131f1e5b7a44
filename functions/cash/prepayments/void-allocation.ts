import { voidCreditAllocation } from '../../../shared/cash/credit-allocations.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { prepaymentsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(prepaymentsRoutes.voidAllocation, async ({ businessId, id, body }) => ok('Prepayment allocation voided', await voidCreditAllocation('prepayment', businessId, id, body)));
