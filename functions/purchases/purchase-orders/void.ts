import { voidDocument } from '../../../shared/ledger/documents/documents.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { purchaseOrdersRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(purchaseOrdersRoutes.void, async ({ businessId, id, body }) => ok('Purchase order voided', await voidDocument('purchase_order', businessId, id, body)));
