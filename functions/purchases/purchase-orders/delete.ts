import { deleteDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { purchaseOrdersRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(purchaseOrdersRoutes.delete, async ({ businessId, id }) => ok('Draft purchase order deleted', await deleteDraft('purchase_order', businessId, id)));
