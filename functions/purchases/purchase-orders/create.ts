import { createDocumentOrDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { purchaseOrdersRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(purchaseOrdersRoutes.create, async ({ businessId, body, event }) => created('Purchase order created', await createDocumentOrDraft('purchase_order', businessId, body, idempotencyKeyOf(event, 'purchaseOrders.create'))));
