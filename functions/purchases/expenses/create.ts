import { createDocumentOrDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { expensesRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(expensesRoutes.create, async ({ businessId, body, event }) => created('Expense posted', await createDocumentOrDraft('expense', businessId, body, idempotencyKeyOf(event, 'expenses.create'))));
