import { listDocumentsOrDrafts } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { cashSalesRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(cashSalesRoutes.list, async ({ businessId, query }) => ok('Cash sales', await listDocumentsOrDrafts('cash_sale', businessId, query, pageRequestOf(query))));
