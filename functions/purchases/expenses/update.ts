import { updateDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { expensesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(expensesRoutes.update, async ({ businessId, id, body }) => ok('Draft expense changed', await updateDraft('expense', businessId, id, body)));
