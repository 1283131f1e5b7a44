import { listDocuments } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { salesOrdersRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(salesOrdersRoutes.list, async ({ businessId, query }) => ok('Sales orders', await listDocuments('sales_order', businessId, query, pageRequestOf(query))));
