import { approveDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { expensesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(expensesRoutes.approve, async ({ businessId, id, event }) => ok('Expense approved and posted', await approveDraft('expense', businessId, id, idempotencyKeyOf(event, 'expenses.approve'))));
