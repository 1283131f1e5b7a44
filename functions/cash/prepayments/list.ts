import { listDocuments } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { prepaymentsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(prepaymentsRoutes.list, async ({ businessId, query }) => ok('Prepayments', await listDocuments('prepayment', businessId, query, pageRequestOf(query))));
