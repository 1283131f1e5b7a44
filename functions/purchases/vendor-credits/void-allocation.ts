import { voidCreditAllocation } from '../../../shared/cash/credit-allocations.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { vendorCreditsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorCreditsRoutes.voidAllocation, async ({ businessId, id, body }) => ok('Vendor credit allocation voided', await voidCreditAllocation('vendor_credit', businessId, id, body)));
