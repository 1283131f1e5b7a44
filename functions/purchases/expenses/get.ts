import { getDocumentOrDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { expensesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(expensesRoutes.get, async ({ businessId, id }) => ok('Expense', await getDocumentOrDraft('expense', businessId, id)));
