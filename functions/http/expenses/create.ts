import { createDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { idempotencyKeyOf } from '../../../shared/http/idempotency.ts';
import { expensesRoutes } from './routes.ts';
import { created } from '../../../shared/http/responses.ts';

export const handler = defineHandler(expensesRoutes.create, async ({ businessId, body, event }) => created('Expense posted', await createDocument('expense', businessId, body, idempotencyKeyOf(event, 'expenses.create'))));
