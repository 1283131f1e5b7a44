import { createDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { cashSalesRoutes } from './routes.ts';
import { created } from '../../../shared/http/responses.ts';

export const handler = defineHandler(cashSalesRoutes.create, async ({ businessId, body }) => created('Cash sale posted', await createDocument('cash_sale', businessId, body)));
