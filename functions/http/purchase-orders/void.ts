import { voidDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { purchaseOrdersRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(purchaseOrdersRoutes.void, async ({ businessId, id }) => ok('Purchase order voided', await voidDocument('purchase_order', businessId, id)));
