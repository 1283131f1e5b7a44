import { voidCreditAllocation } from '../../../shared/cash/credit-allocations.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { creditAllocationsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(creditAllocationsRoutes.void, async ({ businessId, id, body }) => ok('Credit allocation voided', await voidCreditAllocation('credit_note', businessId, id, body)));
