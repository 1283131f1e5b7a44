import { approveDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorCreditsRoutes } from './routes.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorCreditsRoutes.approve, async ({ businessId, id, event }) => ok('Vendor credit approved and posted', await approveDraft('vendor_credit', businessId, id, idempotencyKeyOf(event, 'vendorCredits.approve'))));
