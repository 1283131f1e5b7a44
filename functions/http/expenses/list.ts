import { listDocuments } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { pageRequestOf } from '../../../shared/http/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler('expenses.list', async ({ businessId, query }) => ok('Expenses', await listDocuments('expense', businessId, query, pageRequestOf(query))));
