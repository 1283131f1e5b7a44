import { randomUUID } from 'node:crypto';
import type { EventName } from '../../../events/catalogue.ts';
import type { Id } from '../core/ids.ts';
import { FEED_RETENTION_DAYS } from './event-feed.ts';
import { outboxKey } from '../db/keys.ts';
import type { WriteTransaction } from '../db/transaction.ts';

/** Outbox items outlive every delivery retry (about three days) with room to spare, and are the events feed's 30 days. */
const OUTBOX_RETENTION_SECONDS = FEED_RETENTION_DAYS * 24 * 3600;

/**
 * Records the service sends itself through the same pipeline (a webhook delivery again by hand, an invoice e-mail, a member's invitation);
 * never delivered to a webhook endpoint nor listed in the events feed.
 */
export type InternalEventName = 'webhook.redeliver' | 'invoice.mail' | 'member.invitation' | 'statement.mail';
const INTERNAL_EVENTS: ReadonlySet<string> = new Set<InternalEventName>(['webhook.redeliver', 'invoice.mail', 'member.invitation', 'statement.mail']);

export interface OutboxEvent<T = unknown> {
  readonly id: string;
  readonly type: EventName | InternalEventName;
  readonly created_at: string;
  readonly business_id: Id;
  readonly data: T;
}

/**
 * Writes an event into the caller's transaction. Events leave the service only this way: the table's stream
 * carries committed outbox items to the bus, so an event exists exactly when the change that caused it does.
 */
export function addEvent<T>(tx: WriteTransaction, businessId: Id, type: EventName | InternalEventName, data: T): OutboxEvent<T> {
  const event: OutboxEvent<T> = {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    type,
    created_at: new Date().toISOString(),
    business_id: businessId,
    data,
  };
  tx.put(`event:${type}`, {
    ...outboxKey(businessId, event.created_at, event.id),
    entity: 'EVT',
    ...event,
    expires_at: Math.floor(Date.now() / 1000) + OUTBOX_RETENTION_SECONDS,
  });
  return event;
}

/** What a webhook delivers and the events feed lists: the event as the receiver sees it. */
export function eventBody<T>(event: OutboxEvent<T>): { readonly id: string; readonly type: string; readonly created_at: string; readonly business_id: Id; readonly data: T } {
  return { id: event.id, type: event.type, created_at: event.created_at, business_id: event.business_id, data: event.data };
}

export function isInternalEvent(type: string): type is InternalEventName {
  return INTERNAL_EVENTS.has(type);
}
