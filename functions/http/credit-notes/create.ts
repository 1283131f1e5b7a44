import { createDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { idempotencyKeyOf } from '../../../shared/http/idempotency.ts';
import { creditNotesRoutes } from './routes.ts';
import { created } from '../../../shared/http/responses.ts';

export const handler = defineHandler(creditNotesRoutes.create, async ({ businessId, body, event }) => created('Credit note posted', await createDocument('credit_note', businessId, body, idempotencyKeyOf(event, 'creditNotes.create'))));
