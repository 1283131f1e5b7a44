import { deleteDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { invoicesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(invoicesRoutes.delete, async ({ businessId, id }) => ok('Draft invoice deleted', await deleteDraft('invoice', businessId, id)));
