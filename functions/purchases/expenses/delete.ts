import { deleteDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { expensesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(expensesRoutes.delete, async ({ businessId, id }) => ok('Draft expense deleted', await deleteDraft('expense', businessId, id)));
