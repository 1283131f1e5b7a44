import { voidDocument } from '../../../shared/documents/index.ts';
import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { prepaymentsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(prepaymentsRoutes.void, async ({ businessId, credential, id, body }) => ok('Prepayment voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'prepayment', id }, body, (input) => voidDocument('prepayment', businessId, id, input))));
