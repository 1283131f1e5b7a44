import { voidRefund } from '../../../shared/cash/refunds.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { vendorRefundsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorRefundsRoutes.void, async ({ businessId, id, body }) => ok('Vendor refund voided', await voidRefund('vendor_refund', businessId, id, body)));
