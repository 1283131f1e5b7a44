import { createDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { created } from '../../../shared/http/responses.ts';

export const handler = defineHandler('invoices.create', async ({ businessId, body }) => created('Invoice posted', await createDocument('invoice', businessId, body)));
