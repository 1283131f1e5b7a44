import { voidDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler('bills.void', async ({ businessId, id }) => ok('Bill voided', await voidDocument('bill', businessId, id)));
