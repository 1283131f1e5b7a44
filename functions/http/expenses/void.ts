import { voidDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { expensesRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(expensesRoutes.void, async ({ businessId, id }) => ok('Expense voided', await voidDocument('expense', businessId, id)));
