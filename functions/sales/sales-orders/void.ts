import { voidDocument } from '../../../shared/ledger/documents/documents.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { salesOrdersRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(salesOrdersRoutes.void, async ({ businessId, id, body }) => ok('Sales order voided', await voidDocument('sales_order', businessId, id, body)));
