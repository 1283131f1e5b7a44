import { deleteDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { salesOrdersRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(salesOrdersRoutes.delete, async ({ businessId, id }) => ok('Draft sales order deleted', await deleteDraft('sales_order', businessId, id)));
