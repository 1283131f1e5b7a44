import { voidDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler('salesOrders.void', async ({ businessId, id }) => ok('Sales order voided', await voidDocument('sales_order', businessId, id)));
