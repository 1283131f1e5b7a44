import { updateDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { billsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(billsRoutes.update, async ({ businessId, id, body }) => ok('Draft bill changed', await updateDraft('bill', businessId, id, body)));
