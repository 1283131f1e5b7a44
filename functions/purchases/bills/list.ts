import { listDocumentsOrDrafts } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { billsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(billsRoutes.list, async ({ businessId, query }) => ok('Bills', await listDocumentsOrDrafts('bill', businessId, query, pageRequestOf(query))));
