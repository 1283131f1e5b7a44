import { createDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { idempotencyKeyOf } from '../../../shared/http/idempotency.ts';
import { cashSalesRoutes } from './routes.ts';
import { created } from '../../../shared/http/responses.ts';

export const handler = defineHandler(cashSalesRoutes.create, async ({ businessId, body, event }) => created('Cash sale posted', await createDocument('cash_sale', businessId, body, idempotencyKeyOf(event, 'cashSales.create'))));
