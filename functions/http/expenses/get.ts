import { getDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { expensesRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(expensesRoutes.get, async ({ businessId, id }) => ok('Expense', await getDocument('expense', businessId, id)));
