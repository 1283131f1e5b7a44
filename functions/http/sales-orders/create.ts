import { createDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { idempotencyKeyOf } from '../../../shared/http/idempotency.ts';
import { salesOrdersRoutes } from './routes.ts';
import { created } from '../../../shared/http/responses.ts';

export const handler = defineHandler(salesOrdersRoutes.create, async ({ businessId, body, event }) => created('Sales order created', await createDocument('sales_order', businessId, body, idempotencyKeyOf(event, 'salesOrders.create'))));
