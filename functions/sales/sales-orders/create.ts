import { createDocumentOrDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { salesOrdersRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(salesOrdersRoutes.create, async ({ businessId, body, event }) => created('Sales order created', await createDocumentOrDraft('sales_order', businessId, body, idempotencyKeyOf(event, 'salesOrders.create'))));
