import { updateDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { creditNotesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(creditNotesRoutes.update, async ({ businessId, id, body }) => ok('Draft credit note changed', await updateDraft('credit_note', businessId, id, body)));
