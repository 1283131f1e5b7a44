import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { deleteJournalDraft } from '../../../shared/ledger/journal-drafts.ts';
import { journalsRoutes } from './routes.ts';

export const handler = defineHandler(journalsRoutes.delete, async ({ businessId, id }) => ok('Draft journal deleted', await deleteJournalDraft(businessId, id)));
