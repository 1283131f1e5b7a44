import { voidDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler('creditNotes.void', async ({ businessId, id }) => ok('Credit note voided', await voidDocument('credit_note', businessId, id)));
