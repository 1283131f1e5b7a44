import { listDocuments } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorPrepaymentsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorPrepaymentsRoutes.list, async ({ businessId, query }) => ok('Vendor prepayments', await listDocuments('vendor_prepayment', businessId, query, pageRequestOf(query))));
