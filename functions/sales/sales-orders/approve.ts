import { approveDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { salesOrdersRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(salesOrdersRoutes.approve, async ({ businessId, id, event }) => ok('Sales order approved and posted', await approveDraft('sales_order', businessId, id, idempotencyKeyOf(event, 'salesOrders.approve'))));
