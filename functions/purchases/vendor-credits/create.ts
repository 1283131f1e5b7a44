import { createDocumentOrDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorCreditsRoutes } from './routes.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorCreditsRoutes.create, async ({ businessId, body, event }) => created('Vendor credit posted', await createDocumentOrDraft('vendor_credit', businessId, body, idempotencyKeyOf(event, 'vendorCredits.create'))));
