import { voidCreditAllocation } from '../../../shared/documents/credit-allocations.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler('creditAllocations.void', async ({ businessId, id }) => ok('Credit allocation voided', await voidCreditAllocation(businessId, id)));
