import { voidDocument } from '../../../shared/documents/index.ts';
import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { expensesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(expensesRoutes.void, async ({ businessId, credential, id, body }) => ok('Expense voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'expense', id }, body, (input) => voidDocument('expense', businessId, id, input))));
