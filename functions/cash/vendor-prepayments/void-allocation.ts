import { voidCreditAllocation } from '../../../shared/cash/credit-allocations.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorPrepaymentsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorPrepaymentsRoutes.voidAllocation, async ({ businessId, id, body }) => ok('Vendor prepayment allocation voided', await voidCreditAllocation('vendor_prepayment', businessId, id, body)));
