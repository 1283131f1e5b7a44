import { getDocumentOrDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { estimatesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(estimatesRoutes.get, async ({ businessId, id }) => ok('Estimate', await getDocumentOrDraft('estimate', businessId, id)));
