import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { getJournalOrDraft } from '../../../shared/ledger/journal-drafts.ts';
import { journalsRoutes } from './routes.ts';

export const handler = defineHandler(journalsRoutes.get, async ({ businessId, id }) => ok('Journal', await getJournalOrDraft(businessId, id)));
