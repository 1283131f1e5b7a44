import { allocationsPageOfCredit } from '../../../shared/cash/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorCreditsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorCreditsRoutes.allocations, async ({ businessId, id, query }) => ok('Vendor credit allocations', await allocationsPageOfCredit('vendor_credit', businessId, id, pageRequestOf(query))));
