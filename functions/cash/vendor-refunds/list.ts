import { listRefunds } from '../../../shared/cash/refunds.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorRefundsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorRefundsRoutes.list, async ({ businessId, query }) => ok('Vendor refunds', await listRefunds('vendor_refund', businessId, pageRequestOf(query))));
