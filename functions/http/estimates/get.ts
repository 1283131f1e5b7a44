import { getDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { estimatesRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(estimatesRoutes.get, async ({ businessId, id }) => ok('Estimate', await getDocument('estimate', businessId, id)));
