import { listDocuments } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { pageRequestOf } from '../../../shared/http/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler('salesOrders.list', async ({ businessId, query }) => ok('Sales orders', await listDocuments('sales_order', businessId, query, pageRequestOf(query))));
