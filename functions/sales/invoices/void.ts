import { voidDocument } from '../../../shared/documents/index.ts';
import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { invoicesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(invoicesRoutes.void, async ({ businessId, credential, id, body }) => ok('Invoice voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'invoice', id }, body, (input) => voidDocument('invoice', businessId, id, input))));
