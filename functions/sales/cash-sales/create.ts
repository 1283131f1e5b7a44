import { createDocumentOrDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { cashSalesRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(cashSalesRoutes.create, async ({ businessId, body, event }) => created('Cash sale posted', await createDocumentOrDraft('cash_sale', businessId, body, idempotencyKeyOf(event, 'cashSales.create'))));
