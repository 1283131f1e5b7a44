import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { updateJournalDraft } from '../../../shared/ledger/journal-drafts.ts';
import { journalsRoutes } from './routes.ts';

export const handler = defineHandler(journalsRoutes.update, async ({ businessId, id, body }) => ok('Draft journal changed', await updateJournalDraft(businessId, id, body)));
