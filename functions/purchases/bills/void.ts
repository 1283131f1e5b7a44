import { voidDocument } from '../../../shared/documents/index.ts';
import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { billsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(billsRoutes.void, async ({ businessId, credential, id, body }) => ok('Bill voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'bill', id }, body, (input) => voidDocument('bill', businessId, id, input))));
