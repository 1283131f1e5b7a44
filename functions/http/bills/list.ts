import { listDocuments } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { billsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(billsRoutes.list, async ({ businessId, query }) => ok('Bills', await listDocuments('bill', businessId, query, pageRequestOf(query))));
