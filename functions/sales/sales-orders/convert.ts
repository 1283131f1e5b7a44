import { convertDocument } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { salesOrdersRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(salesOrdersRoutes.convert, async ({ businessId, id, body, credential, event }) => created('Invoice made from the sales order', await convertDocument('sales_order', businessId, id, body ?? {}, credential.scopes, idempotencyKeyOf(event, 'salesOrders.convert'))));
