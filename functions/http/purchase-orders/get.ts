import { getDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { purchaseOrdersRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(purchaseOrdersRoutes.get, async ({ businessId, id }) => ok('Purchase order', await getDocument('purchase_order', businessId, id)));
