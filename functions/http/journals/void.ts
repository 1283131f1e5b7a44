import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { voidJournal } from '../../../shared/journals/journals.ts';
import { journalsRoutes } from './routes.ts';

export const handler = defineHandler(journalsRoutes.void, async ({ businessId, id }) => ok('Journal voided', await voidJournal(businessId, id)));
