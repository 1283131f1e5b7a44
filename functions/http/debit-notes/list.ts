import { listDocuments } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { debitNotesRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(debitNotesRoutes.list, async ({ businessId, query }) => ok('Debit notes', await listDocuments('debit_note', businessId, query, pageRequestOf(query))));
