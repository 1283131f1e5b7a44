import * as v from 'valibot';
import { config } from '../platform/config.ts';
import { outboxKey, outboxRange } from '../platform/db/keys.ts';
import { eventBody, isInternalEvent, type OutboxEvent } from '../platform/outbox/outbox.ts';
import { queryPage } from '../platform/db/query.ts';
import { decodeFeedCursor, encodeFeedCursor, FEED_LIMIT_DEFAULT, FEED_LIMIT_MAX, feedHorizon, feedOrigin, type FeedPosition } from '../platform/outbox/event-feed.ts';
import type { Id } from '../platform/core/ids.ts';
import { CursorParameter, Timestamp } from '../platform/core/fields.ts';
import { mayRead } from './event-scopes.ts';

export const EventsQuery = v.strictObject({
  after: v.optional(CursorParameter('The `next_cursor` of the previous read: the feed continues right after it.', decodeFeedCursor)),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'must be a whole number from 1 to 100'), v.transform(Number), v.minValue(1, 'must be a whole number from 1 to 100'), v.maxValue(FEED_LIMIT_MAX, 'must be a whole number from 1 to 100')),
    String(FEED_LIMIT_DEFAULT),
  ),
});

/** Each item is exactly the body a webhook carries. */
export const FeedEvent = v.object({ id: v.string(), type: v.string(), created_at: Timestamp, business_id: v.string(), data: v.unknown() });
export const EventsFeed = v.object({
  items: v.array(FeedEvent),
  next_cursor: v.pipe(v.nullable(v.string()), v.description('Pass as `after` to read on; null when nothing was read yet and nothing is there.')),
});

/**
 * Up to `limit` events of the business after `after`, oldest first, from the outbox partition (sorted by time):
 * one Query over the last 30 days, up to the settle time. The service's own events (redelivery requests) are left
 * out, and so are events the reader's scopes may not read; the cursor moves past both.
 */
export async function readFeed(businessId: Id, after: FeedPosition | undefined, limit: number, scopes: ReadonlySet<string>): Promise<v.InferOutput<typeof EventsFeed>> {
  const now = new Date();
  const { pk, between } = outboxRange(businessId, feedOrigin(now), feedHorizon(now, config().EVENTS_FEED_SETTLE_MS));
  const [from, to] = between;
  // DynamoDB refuses a start key outside the range: a cursor older than 30 days starts at the oldest event kept,
  // and one beyond the settle time (another instance's clock ran ahead) has nothing after it yet.
  const start = after ? outboxKey(businessId, after.createdAt, after.eventId) : undefined;
  if (start && start.sk > to) return { items: [], next_cursor: encodeFeedCursor(after!) };
  const exclusiveStart = start && start.sk >= from ? { ...start } : undefined;
  const items = (await queryPage({ pk, sortKey: 'sk', prefix: '', between }, 0, limit, exclusiveStart)) as unknown as OutboxEvent[];
  const last = items.at(-1);
  const next = last ? { createdAt: last.created_at, eventId: last.id } : after;
  const readable = items.filter((event) => !isInternalEvent(event.type) && mayRead(scopes, event.type, event.data));
  return { items: readable.map(eventBody), next_cursor: next ? encodeFeedCursor(next) : null };
}
