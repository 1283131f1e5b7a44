import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { listJournals } from '../../../shared/journals/journals.ts';
import { journalsRoutes } from './routes.ts';

export const handler = defineHandler(journalsRoutes.list, async ({ businessId, query }) => ok('Journals', await listJournals(businessId, pageRequestOf(query), { from: query.from, to: query.to })));
