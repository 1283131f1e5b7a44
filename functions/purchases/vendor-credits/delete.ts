import { deleteDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorCreditsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorCreditsRoutes.delete, async ({ businessId, id }) => ok('Draft vendor credit deleted', await deleteDraft('vendor_credit', businessId, id)));
