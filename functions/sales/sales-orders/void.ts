import { voidDocument } from '../../../shared/documents/index.ts';
import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { salesOrdersRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(salesOrdersRoutes.void, async ({ businessId, credential, id, body }) => ok('Sales order voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'sales_order', id }, body, (input) => voidDocument('sales_order', businessId, id, input))));
