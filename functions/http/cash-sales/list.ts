import { listDocuments } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { cashSalesRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(cashSalesRoutes.list, async ({ businessId, query }) => ok('Cash sales', await listDocuments('cash_sale', businessId, query, pageRequestOf(query))));
