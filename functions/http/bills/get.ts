import { getDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler('bills.get', async ({ businessId, id }) => ok('Bill', await getDocument('bill', businessId, id)));
