import { createDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { idempotencyKeyOf } from '../../../shared/http/idempotency.ts';
import { debitNotesRoutes } from './routes.ts';
import { created } from '../../../shared/http/responses.ts';

export const handler = defineHandler(debitNotesRoutes.create, async ({ businessId, body, event }) => created('Debit note posted', await createDocument('debit_note', businessId, body, idempotencyKeyOf(event, 'debitNotes.create'))));
