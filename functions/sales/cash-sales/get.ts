import { getDocumentOrDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { cashSalesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(cashSalesRoutes.get, async ({ businessId, id }) => ok('Cash sale', await getDocumentOrDraft('cash_sale', businessId, id)));
