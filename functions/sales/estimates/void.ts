import { voidDocument } from '../../../shared/documents/index.ts';
import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { estimatesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(estimatesRoutes.void, async ({ businessId, credential, id, body }) => ok('Estimate voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'estimate', id }, body, (input) => voidDocument('estimate', businessId, id, input))));
