import { readFeed } from '../../../shared/webhooks/feed.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { eventsRoutes } from './routes.ts';

export const handler = defineHandler(eventsRoutes.feed, async ({ businessId, query, credential }) => ok('Events', await readFeed(businessId, query.after, query.limit, credential.scopes)));
