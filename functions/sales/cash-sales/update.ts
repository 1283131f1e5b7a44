import { updateDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { cashSalesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(cashSalesRoutes.update, async ({ businessId, id, body }) => ok('Draft cash sale changed', await updateDraft('cash_sale', businessId, id, body)));
