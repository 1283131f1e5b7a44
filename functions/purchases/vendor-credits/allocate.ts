import { allocateCredit } from '../../../shared/cash/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorCreditsRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorCreditsRoutes.allocate, async ({ businessId, id, body }) => created('Vendor credit applied', await allocateCredit('vendor_credit', businessId, id, body)));
