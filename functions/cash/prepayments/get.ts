import { getDocument } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { prepaymentsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(prepaymentsRoutes.get, async ({ businessId, id }) => ok('Prepayment', await getDocument('prepayment', businessId, id)));
