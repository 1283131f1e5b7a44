import { listDocumentsOrDrafts } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { salesOrdersRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(salesOrdersRoutes.list, async ({ businessId, query }) => ok('Sales orders', await listDocumentsOrDrafts('sales_order', businessId, query, pageRequestOf(query))));
