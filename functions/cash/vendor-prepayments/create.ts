import { recordPrepayment } from '../../../shared/cash/prepayments.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorPrepaymentsRoutes } from './routes.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorPrepaymentsRoutes.create, async ({ businessId, body, event }) => created('Vendor prepayment recorded', await recordPrepayment('vendor_prepayment', businessId, body, idempotencyKeyOf(event, 'vendorPrepayments.create'))));
