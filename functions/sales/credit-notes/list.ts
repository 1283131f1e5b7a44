import { listDocumentsOrDrafts } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { creditNotesRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(creditNotesRoutes.list, async ({ businessId, query }) => ok('Credit notes', await listDocumentsOrDrafts('credit_note', businessId, query, pageRequestOf(query))));
