import { getDocumentOrDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { salesOrdersRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(salesOrdersRoutes.get, async ({ businessId, id }) => ok('Sales order', await getDocumentOrDraft('sales_order', businessId, id)));
