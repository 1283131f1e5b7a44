import { defineHandler } from '../../../shared/access/index.ts';
import { ledgerRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { listJournalEntries } from '../../../shared/ledger/journal-entries.ts';

export const handler = defineHandler(ledgerRoutes.journalEntriesList, async ({ businessId, query }) => ok('Journal entries', await listJournalEntries(businessId, query.document_id, pageRequestOf(query))));
