import { convertDocument } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { purchaseOrdersRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(purchaseOrdersRoutes.convert, async ({ businessId, id, body, credential, event }) => created('Bill made from the purchase order', await convertDocument('purchase_order', businessId, id, body ?? {}, credential.scopes, idempotencyKeyOf(event, 'purchaseOrders.convert'))));
