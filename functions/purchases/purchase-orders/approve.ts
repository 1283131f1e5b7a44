import { approveDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { purchaseOrdersRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(purchaseOrdersRoutes.approve, async ({ businessId, id, event }) => ok('Purchase order approved and posted', await approveDraft('purchase_order', businessId, id, idempotencyKeyOf(event, 'purchaseOrders.approve'))));
