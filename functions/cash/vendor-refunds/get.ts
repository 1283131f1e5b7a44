import { getRefund } from '../../../shared/cash/refunds.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorRefundsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorRefundsRoutes.get, async ({ businessId, id }) => ok('Vendor refund', await getRefund('vendor_refund', businessId, id)));
