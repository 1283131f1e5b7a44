import { allocateCredit } from '../../../shared/cash/credit-allocations.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorPrepaymentsRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorPrepaymentsRoutes.allocate, async ({ businessId, id, body }) => created('Vendor prepayment applied', await allocateCredit('vendor_prepayment', businessId, id, body)));
