import { getDocument } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorPrepaymentsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorPrepaymentsRoutes.get, async ({ businessId, id }) => ok('Vendor prepayment', await getDocument('vendor_prepayment', businessId, id)));
