import { createDocumentOrDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { creditNotesRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(creditNotesRoutes.create, async ({ businessId, body, event }) => created('Credit note posted', await createDocumentOrDraft('credit_note', businessId, body, idempotencyKeyOf(event, 'creditNotes.create'))));
