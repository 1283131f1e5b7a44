import { listDocuments } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { expensesRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(expensesRoutes.list, async ({ businessId, query }) => ok('Expenses', await listDocuments('expense', businessId, query, pageRequestOf(query))));
