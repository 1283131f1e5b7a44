import { voidDocument } from '../../../shared/ledger/documents/documents.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { expensesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(expensesRoutes.void, async ({ businessId, id, body }) => ok('Expense voided', await voidDocument('expense', businessId, id, body)));
