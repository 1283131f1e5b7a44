import { listDocumentsOrDrafts } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { purchaseOrdersRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(purchaseOrdersRoutes.list, async ({ businessId, query }) => ok('Purchase orders', await listDocumentsOrDrafts('purchase_order', businessId, query, pageRequestOf(query))));
