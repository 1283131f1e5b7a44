import { deleteDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { creditNotesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(creditNotesRoutes.delete, async ({ businessId, id }) => ok('Draft credit note deleted', await deleteDraft('credit_note', businessId, id)));
