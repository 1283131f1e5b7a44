import { updateDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { estimatesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(estimatesRoutes.update, async ({ businessId, id, body }) => ok('Draft estimate changed', await updateDraft('estimate', businessId, id, body)));
