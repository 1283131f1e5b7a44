import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { approveJournalDraft } from '../../../shared/ledger/journal-drafts.ts';
import { journalsRoutes } from './routes.ts';

export const handler = defineHandler(journalsRoutes.approve, async ({ businessId, id, event }) => ok('Journal approved and posted', await approveJournalDraft(businessId, id, idempotencyKeyOf(event, 'journals.approve'))));
