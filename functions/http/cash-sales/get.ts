import { getDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { cashSalesRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(cashSalesRoutes.get, async ({ businessId, id }) => ok('Cash sale', await getDocument('cash_sale', businessId, id)));
