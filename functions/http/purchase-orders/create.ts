import { createDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { idempotencyKeyOf } from '../../../shared/http/idempotency.ts';
import { purchaseOrdersRoutes } from './routes.ts';
import { created } from '../../../shared/http/responses.ts';

export const handler = defineHandler(purchaseOrdersRoutes.create, async ({ businessId, body, event }) => created('Purchase order created', await createDocument('purchase_order', businessId, body, idempotencyKeyOf(event, 'purchaseOrders.create'))));
