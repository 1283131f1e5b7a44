import { updateDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { debitNotesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(debitNotesRoutes.update, async ({ businessId, id, body }) => ok('Draft debit note changed', await updateDraft('debit_note', businessId, id, body)));
