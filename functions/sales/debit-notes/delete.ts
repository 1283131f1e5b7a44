import { deleteDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { debitNotesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(debitNotesRoutes.delete, async ({ businessId, id }) => ok('Draft debit note deleted', await deleteDraft('debit_note', businessId, id)));
