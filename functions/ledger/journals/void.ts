import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { voidJournal } from '../../../shared/ledger/journals.ts';
import { journalsRoutes } from './routes.ts';

export const handler = defineHandler(journalsRoutes.void, async ({ businessId, id, body }) => ok('Journal voided', await voidJournal(businessId, id, body)));
