import { voidCreditAllocation } from '../../../shared/cash/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorCreditsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorCreditsRoutes.voidAllocation, async ({ businessId, id, body }) => ok('Vendor credit allocation voided', await voidCreditAllocation('vendor_credit', businessId, id, body)));
