import { EventsFeed, EventsQuery } from '../../../shared/webhooks/feed.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const eventsRoutes = defineRoutes({
  feed: { id: 'events.feed', method: 'GET', path: '/api/v1/events', entry: 'functions/webhooks/events/feed.ts', auth: 'bearer', scope: 'events:read', contract: { summary: 'The events of the last 30 days, oldest first, each exactly as its webhook carries it', tag: 'Events', query: EventsQuery, response: EventsFeed } },
});
