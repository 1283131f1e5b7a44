import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { getJournal } from '../../../shared/journals/journals.ts';
import { journalsRoutes } from './routes.ts';

export const handler = defineHandler(journalsRoutes.get, async ({ businessId, id }) => ok('Journal', await getJournal(businessId, id)));
