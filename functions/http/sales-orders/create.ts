import { createDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { salesOrdersRoutes } from './routes.ts';
import { created } from '../../../shared/http/responses.ts';

export const handler = defineHandler(salesOrdersRoutes.create, async ({ businessId, body }) => created('Sales order created', await createDocument('sales_order', businessId, body)));
