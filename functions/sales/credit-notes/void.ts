import { voidDocument } from '../../../shared/documents/index.ts';
import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { creditNotesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(creditNotesRoutes.void, async ({ businessId, credential, id, body }) => ok('Credit note voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'credit_note', id }, body, (input) => voidDocument('credit_note', businessId, id, input))));
