import { createDocumentOrDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { debitNotesRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(debitNotesRoutes.create, async ({ businessId, body, event }) => created('Debit note posted', await createDocumentOrDraft('debit_note', businessId, body, idempotencyKeyOf(event, 'debitNotes.create'))));
