import { createDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { idempotencyKeyOf } from '../../../shared/http/idempotency.ts';
import { billsRoutes } from './routes.ts';
import { created } from '../../../shared/http/responses.ts';

export const handler = defineHandler(billsRoutes.create, async ({ businessId, body, event }) => created('Bill posted', await createDocument('bill', businessId, body, idempotencyKeyOf(event, 'bills.create'))));
