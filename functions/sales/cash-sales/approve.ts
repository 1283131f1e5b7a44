import { approveDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { cashSalesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(cashSalesRoutes.approve, async ({ businessId, id, event }) => ok('Cash sale approved and posted', await approveDraft('cash_sale', businessId, id, idempotencyKeyOf(event, 'cashSales.approve'))));
