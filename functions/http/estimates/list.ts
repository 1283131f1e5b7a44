import { listDocuments } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { pageRequestOf } from '../../../shared/http/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler('estimates.list', async ({ businessId, query }) => ok('Estimates', await listDocuments('estimate', businessId, query, pageRequestOf(query))));
