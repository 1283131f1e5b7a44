import { getDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { billsRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(billsRoutes.get, async ({ businessId, id }) => ok('Bill', await getDocument('bill', businessId, id)));
