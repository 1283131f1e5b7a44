import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { listJournalsOrDrafts } from '../../../shared/ledger/journal-drafts.ts';
import { journalsRoutes } from './routes.ts';

export const handler = defineHandler(journalsRoutes.list, async ({ businessId, query }) => ok('Journals', await listJournalsOrDrafts(businessId, pageRequestOf(query), { from: query.from, to: query.to, status: query.status })));
