import { getDocumentOrDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { creditNotesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(creditNotesRoutes.get, async ({ businessId, id }) => ok('Credit note', await getDocumentOrDraft('credit_note', businessId, id)));
