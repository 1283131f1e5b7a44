import { voidDocument } from '../../../shared/documents/index.ts';
import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { purchaseOrdersRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(purchaseOrdersRoutes.void, async ({ businessId, credential, id, body }) => ok('Purchase order voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'purchase_order', id }, body, (input) => voidDocument('purchase_order', businessId, id, input))));
