import { listDocuments } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { purchaseOrdersRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(purchaseOrdersRoutes.list, async ({ businessId, query }) => ok('Purchase orders', await listDocuments('purchase_order', businessId, query, pageRequestOf(query))));
