import { approveDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { creditNotesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(creditNotesRoutes.approve, async ({ businessId, id, event }) => ok('Credit note approved and posted', await approveDraft('credit_note', businessId, id, idempotencyKeyOf(event, 'creditNotes.approve'))));
