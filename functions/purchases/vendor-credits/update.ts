import { updateDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorCreditsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorCreditsRoutes.update, async ({ businessId, id, body }) => ok('Draft vendor credit changed', await updateDraft('vendor_credit', businessId, id, body)));
