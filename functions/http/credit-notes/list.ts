import { listDocuments } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { pageRequestOf } from '../../../shared/http/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler('creditNotes.list', async ({ businessId, query }) => ok('Credit notes', await listDocuments('credit_note', businessId, query, pageRequestOf(query))));
