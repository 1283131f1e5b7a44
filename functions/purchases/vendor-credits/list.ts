import { listDocumentsOrDrafts } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorCreditsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorCreditsRoutes.list, async ({ businessId, query }) => ok('Vendor credits', await listDocumentsOrDrafts('vendor_credit', businessId, query, pageRequestOf(query))));
