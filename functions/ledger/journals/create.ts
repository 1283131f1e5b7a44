import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { createJournalOrDraft } from '../../../shared/ledger/journal-drafts.ts';
import { journalsRoutes } from './routes.ts';

export const handler = defineHandler(journalsRoutes.create, async ({ businessId, body, event }) => created('Journal posted', await createJournalOrDraft(businessId, body, idempotencyKeyOf(event, 'journals.create'))));
