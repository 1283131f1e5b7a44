import { allocationsPageOfCredit } from '../../../shared/cash/credit-allocations.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorPrepaymentsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorPrepaymentsRoutes.allocations, async ({ businessId, id, query }) => ok('Vendor prepayment allocations', await allocationsPageOfCredit('vendor_prepayment', businessId, id, pageRequestOf(query))));
