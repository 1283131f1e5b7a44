import { voidDocument } from '../../../shared/documents/index.ts';
import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { debitNotesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(debitNotesRoutes.void, async ({ businessId, credential, id, body }) => ok('Debit note voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'debit_note', id }, body, (input) => voidDocument('debit_note', businessId, id, input))));
