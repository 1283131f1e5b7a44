import { allocateCredit } from '../../../shared/cash/credit-allocations.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { vendorCreditsRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorCreditsRoutes.allocate, async ({ businessId, id, body }) => created('Vendor credit applied', await allocateCredit('vendor_credit', businessId, id, body)));
