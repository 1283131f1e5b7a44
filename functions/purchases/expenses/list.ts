import { listDocumentsOrDrafts } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { expensesRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(expensesRoutes.list, async ({ businessId, query }) => ok('Expenses', await listDocumentsOrDrafts('expense', businessId, query, pageRequestOf(query))));
