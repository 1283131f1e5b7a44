import { updateDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { invoicesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(invoicesRoutes.update, async ({ businessId, id, body }) => ok('Draft invoice changed', await updateDraft('invoice', businessId, id, body)));
