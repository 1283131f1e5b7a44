import { listDocuments } from '../../../shared/ledger/documents/documents.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { cashSalesRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(cashSalesRoutes.list, async ({ businessId, query }) => ok('Cash sales', await listDocuments('cash_sale', businessId, query, pageRequestOf(query))));
