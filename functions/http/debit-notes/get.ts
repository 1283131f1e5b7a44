import { getDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { debitNotesRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(debitNotesRoutes.get, async ({ businessId, id }) => ok('Debit note', await getDocument('debit_note', businessId, id)));
