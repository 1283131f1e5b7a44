import { listDocuments } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { pageRequestOf } from '../../../shared/http/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler('invoices.list', async ({ businessId, query }) => ok('Invoices', await listDocuments('invoice', businessId, query, pageRequestOf(query))));
