import { getDocumentOrDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { billsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(billsRoutes.get, async ({ businessId, id }) => ok('Bill', await getDocumentOrDraft('bill', businessId, id)));
