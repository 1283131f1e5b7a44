import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ledgerRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { ok } from '../../../shared/http/responses.ts';
import { listJournalEntries } from '../../../shared/ledger/reports.ts';

export const handler = defineHandler(ledgerRoutes.journalEntriesList, async ({ businessId, query }) => ok('Journal entries', await listJournalEntries(businessId, query.document_id, pageRequestOf(query))));
