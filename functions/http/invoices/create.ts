import { createDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { idempotencyKeyOf } from '../../../shared/http/idempotency.ts';
import { invoicesRoutes } from './routes.ts';
import { created } from '../../../shared/http/responses.ts';

export const handler = defineHandler(invoicesRoutes.create, async ({ businessId, body, event }) => created('Invoice posted', await createDocument('invoice', businessId, body, idempotencyKeyOf(event, 'invoices.create'))));
