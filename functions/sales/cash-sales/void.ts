import { voidDocument } from '../../../shared/ledger/documents/documents.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { cashSalesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(cashSalesRoutes.void, async ({ businessId, id, body }) => ok('Cash sale voided', await voidDocument('cash_sale', businessId, id, body)));
