import { deleteDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { estimatesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(estimatesRoutes.delete, async ({ businessId, id }) => ok('Draft estimate deleted', await deleteDraft('estimate', businessId, id)));
