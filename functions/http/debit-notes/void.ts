import { voidDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler('debitNotes.void', async ({ businessId, id }) => ok('Debit note voided', await voidDocument('debit_note', businessId, id)));
