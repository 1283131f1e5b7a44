import { getDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { invoicesRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(invoicesRoutes.get, async ({ businessId, id }) => ok('Invoice', await getDocument('invoice', businessId, id)));
