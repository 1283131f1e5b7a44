import { voidDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { salesOrdersRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(salesOrdersRoutes.void, async ({ businessId, id }) => ok('Sales order voided', await voidDocument('sales_order', businessId, id)));
