import { deleteDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { cashSalesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(cashSalesRoutes.delete, async ({ businessId, id }) => ok('Draft cash sale deleted', await deleteDraft('cash_sale', businessId, id)));
