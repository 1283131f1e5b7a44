import { createDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { created } from '../../../shared/http/responses.ts';

export const handler = defineHandler('salesOrders.create', async ({ businessId, body }) => created('Sales order created', await createDocument('sales_order', businessId, body)));
