import { approveDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { debitNotesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(debitNotesRoutes.approve, async ({ businessId, id, event }) => ok('Debit note approved and posted', await approveDraft('debit_note', businessId, id, idempotencyKeyOf(event, 'debitNotes.approve'))));
