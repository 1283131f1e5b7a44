import { listDocuments } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { creditNotesRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(creditNotesRoutes.list, async ({ businessId, query }) => ok('Credit notes', await listDocuments('credit_note', businessId, query, pageRequestOf(query))));
