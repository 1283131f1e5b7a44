import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { getJournal } from '../../../shared/ledger/journals.ts';
import { journalsRoutes } from './routes.ts';

export const handler = defineHandler(journalsRoutes.get, async ({ businessId, id }) => ok('Journal', await getJournal(businessId, id)));
