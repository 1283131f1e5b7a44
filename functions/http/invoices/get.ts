import { getDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler('invoices.get', async ({ businessId, id }) => ok('Invoice', await getDocument('invoice', businessId, id)));
