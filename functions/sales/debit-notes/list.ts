import { listDocumentsOrDrafts } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { debitNotesRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(debitNotesRoutes.list, async ({ businessId, query }) => ok('Debit notes', await listDocumentsOrDrafts('debit_note', businessId, query, pageRequestOf(query))));
