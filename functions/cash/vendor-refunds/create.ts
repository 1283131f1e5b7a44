import { recordRefund } from '../../../shared/cash/refunds.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorRefundsRoutes } from './routes.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorRefundsRoutes.create, async ({ businessId, body, event }) => created('Vendor refund recorded', await recordRefund('vendor_refund', businessId, body, idempotencyKeyOf(event, 'vendorRefunds.create'))));
