import { voidCreditAllocation } from '../../../shared/documents/credit-allocations.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { creditAllocationsRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(creditAllocationsRoutes.void, async ({ businessId, id }) => ok('Credit allocation voided', await voidCreditAllocation(businessId, id)));
