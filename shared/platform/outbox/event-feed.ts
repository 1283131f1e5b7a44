/**
 * The events feed (api.md: `GET /events?after=&limit=`): the outbox read oldest first. A cursor names the last
 * event read (its time and id, the outbox sort key), opaque to clients; the next read starts right after it, so
 * a consumer that keeps its cursor sees every event once. Only events older than the settle time are listed,
 * so that no event can still commit behind a cursor already handed out.
 */
export const FEED_LIMIT_DEFAULT = 50;
export const FEED_LIMIT_MAX = 100;

const POSITION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#evt_[0-9a-f]{32}$/;

export interface FeedPosition {
  readonly createdAt: string;
  readonly eventId: string;
}

export function encodeFeedCursor(position: FeedPosition): string {
  return Buffer.from(`${position.createdAt}#${position.eventId}`).toString('base64url');
}

export function decodeFeedCursor(cursor: string): FeedPosition | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!POSITION.test(text)) return undefined;
  const [createdAt, eventId] = text.split('#') as [string, string];
  return { createdAt, eventId };
}

/** How long the feed keeps events (the outbox items' TTL is the same; DynamoDB may delete them up to days later). */
export const FEED_RETENTION_DAYS = 30;

/** The oldest time the feed lists at `now`: an item past its TTL but not yet deleted is not listed. */
export function feedOrigin(now: Date): string {
  return new Date(now.getTime() - FEED_RETENTION_DAYS * 86_400_000).toISOString();
}

/** The newest time the feed may list at `now`. */
export function feedHorizon(now: Date, settleMs: number): string {
  return new Date(now.getTime() - settleMs).toISOString();
}
