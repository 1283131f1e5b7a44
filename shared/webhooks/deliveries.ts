import { count, milliseconds } from '../platform/observability/telemetry.ts';
import { METRIC } from '../platform/observability/metric-names.ts';
import { config } from '../platform/config.ts';
import { collection } from '../platform/db/collection.ts';
import { facetKey } from '../platform/db/keys.ts';
import { addEvent, eventBody, isInternalEvent, type OutboxEvent } from '../platform/outbox/outbox.ts';
import { TransactionConflict, WriteTransaction } from '../platform/db/transaction.ts';
import { NotFound, StateConflict } from '../platform/core/errors.ts';
import type { Id } from '../platform/core/ids.ts';
import { pageOfList, type Page, type PageRequest } from '../platform/core/paging.ts';
import { parseRetryAfter, retryDelaySeconds } from './webhook-schedule.ts';
import { messageQueue } from '../platform/outbox/transports.ts';
import { addAuditEntry } from '../platform/trail/write.ts';
import { circuitStateOf, claimProbe, deliveryIdOf, endpointStore, guardOptions, receives, recordEndpointFailure, recordEndpointSuccess, signingSecrets, type EndpointRecord } from './endpoints.ts';
import { gateOf } from './circuit-breaker.ts';
import { postWebhook } from './http-post.ts';
import { signatureHeader } from './signing.ts';

export interface AttemptRecord {
  readonly number: number;
  readonly at: string;
  readonly status_code: number | null;
  readonly duration_ms: number;
  readonly error: string | null;
  readonly next_attempt_at: string | null;
}

export interface DeliveryRecord {
  readonly id: Id;
  readonly endpoint_id: Id;
  /** The event's id: the `webhook-id` of every attempt, so a receiver can drop a repeat. */
  readonly event_id: string;
  readonly event_type: string;
  /** The exact body every attempt sends. */
  readonly payload: string;
  readonly status: 'pending' | 'delivered' | 'failed';
  readonly attempts: readonly AttemptRecord[];
  /** Attempts made before the current round of retries (a retry by hand starts a new round). */
  readonly round_start: number;
  readonly next_attempt_at: string | null;
  /** Waiting for its endpoint's circuit to let it through (not counted as an attempt). */
  readonly held_by_circuit?: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

const byEndpoint = facetKey<DeliveryRecord, ['endpoint_id', 'created_at', 'id']>('EP', ['endpoint_id', 'created_at', 'id']);
const deliveryStore = collection<DeliveryRecord>({ kind: 'DELIVERY', order: byEndpoint });

export function toDeliveryResource(delivery: DeliveryRecord) {
  const { payload: _payload, round_start: _round, ...resource } = delivery;
  return { ...resource, held_by_circuit: delivery.held_by_circuit ?? false };
}

/** The message the delivery queue carries: which delivery to attempt, in which round of attempts. */
export interface DeliveryMessage {
  readonly business_id: Id;
  readonly delivery_id: Id;
  /**
   * The delivery's `round_start` when the message was sent (absent: 0, the first round). A failed round's message
   * keeps coming back until it is dead-lettered; once a redelivery by hand starts a new round, it must not attempt
   * that round beside the new round's own message.
   */
  readonly round?: number;
}

/** Deliveries are grouped by business, so the queue shares its workers fairly among businesses (an SQS fair queue). */
const enqueue = (message: DeliveryMessage, delaySeconds = 0) => messageQueue().send('delivery', JSON.stringify(message), { group: message.business_id, delaySeconds });

/** A business's webhook endpoints, as the fan-out reads them. */
export type EndpointLookup = (businessId: Id) => Promise<readonly EndpointRecord[]>;

/**
 * One read of a business's endpoints for a whole batch of events: the fair queue hands the fan-out several events
 * of one business together (a receipt burst is one business's), and each used to read the same endpoints again.
 * An endpoint added while the batch runs misses the batch's events, as it would have missed them had the batch
 * run a moment earlier; a record that fails and comes back in a later batch reads afresh.
 */
export function endpointsOncePerBatch(): EndpointLookup {
  const read = new Map<Id, Promise<readonly EndpointRecord[]>>();
  return (businessId) => {
    let endpoints = read.get(businessId);
    if (!endpoints) {
      endpoints = endpointStore.all(businessId);
      // A failed read is not kept: the next record of the business tries again.
      endpoints.catch(() => read.delete(businessId));
      read.set(businessId, endpoints);
    }
    return endpoints;
  };
}

/**
 * Fans one event out: one delivery per enabled endpoint of its business subscribed to it (or to `*`), one queue
 * message each. A delivery's id is derived from the event and the endpoint, so when the same event comes again
 * (the bus and queues are at-least-once) the existing delivery is found and not doubled; a pending one is queued
 * again, in case the first message was lost, and the delivery worker drops what is already settled. The
 * endpoints come from `endpointsOf`, one lookup per batch (`endpointsOncePerBatch`).
 */
export async function fanOut(event: OutboxEvent, endpointsOf: EndpointLookup): Promise<number> {
  if (isInternalEvent(event.type)) {
    // Only a redelivery by hand reaches the fan-out; the bus sends e-mails to their own queue.
    if (event.type !== 'webhook.redeliver') return 0;
    const { delivery_id, round } = event.data as { delivery_id: Id; round?: number };
    await enqueue({ business_id: event.business_id, delivery_id, round: round ?? 0 });
    return 1;
  }
  const endpoints = (await endpointsOf(event.business_id)).filter((endpoint) => receives(endpoint, event.type, event.data));
  const payload = JSON.stringify(eventBody(event));
  for (const endpoint of endpoints) {
    const now = new Date().toISOString();
    const delivery: DeliveryRecord = {
      id: deliveryIdOf(event.id, endpoint.id),
      endpoint_id: endpoint.id,
      event_id: event.id,
      event_type: event.type,
      payload,
      status: 'pending',
      attempts: [],
      round_start: 0,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    };
    const tx = new WriteTransaction();
    deliveryStore.addCreate(tx, event.business_id, delivery);
    try {
      await tx.commit();
    } catch (error) {
      if (!(error instanceof TransactionConflict)) throw error;
      const existing = await deliveryStore.get(event.business_id, delivery.id);
      if (existing?.record.status !== 'pending') continue;
      await enqueue({ business_id: event.business_id, delivery_id: delivery.id, round: existing.record.round_start });
      continue;
    }
    await enqueue({ business_id: event.business_id, delivery_id: delivery.id, round: 0 });
  }
  return endpoints.length;
}

/** What the worker does with the queue message after an attempt. */
export type AttemptResult = { readonly kind: 'settled' } | { readonly kind: 'retry'; readonly afterSeconds: number } | { readonly kind: 'exhausted' } | { readonly kind: 'held'; readonly afterSeconds: number };

/**
 * Makes one attempt at a delivery: signs the stored payload with the endpoint's live secrets, POSTs it, and
 * records the attempt. 2xx delivers; 410 disables the endpoint; anything else is retried on the schedule (a
 * Retry-After is honoured), and after the last attempt the delivery is failed and its message dead-lettered.
 */
export async function attemptDelivery(message: DeliveryMessage): Promise<AttemptResult> {
  const stored = await deliveryStore.get(message.business_id, message.delivery_id);
  if (!stored || stored.record.status === 'delivered') return { kind: 'settled' };
  // A message of an earlier round (its round failed, then was redelivered by hand) is done with.
  if ((message.round ?? 0) !== stored.record.round_start) return { kind: 'settled' };
  // A failed delivery's message keeps failing until the queue moves it to its dead-letter queue.
  if (stored.record.status === 'failed') return { kind: 'exhausted' };
  const { record: delivery, version } = stored;
  const endpoint = (await endpointStore.get(message.business_id, delivery.endpoint_id))?.record;
  const at = new Date();
  // A ping is the settings screen's test: it always goes, whatever the circuit says.
  const breaks = endpoint !== undefined && endpoint.enabled && delivery.event_type !== 'ping';
  if (breaks) {
    const held = await heldBack(message.business_id, endpoint, at.getTime());
    if (held) return holdDelivery(message.business_id, stored, held);
  }

  const number = delivery.attempts.length + 1;
  const outcome = endpoint && (endpoint.enabled || delivery.event_type === 'ping')
    ? await send(endpoint, delivery, at)
    : { statusCode: null, retryAfter: undefined, durationMs: 0, error: endpoint ? 'endpoint is disabled' : 'endpoint was deleted' };

  const roundAttempt = number - delivery.round_start;
  const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const gone = outcome.statusCode === 410 || !endpoint || (!endpoint.enabled && delivery.event_type !== 'ping');
  const delay = delivered || gone ? null : retryDelaySeconds(roundAttempt, parseRetryAfter(outcome.retryAfter), config().WEBHOOK_TIME_SCALE);
  const nextAt = delay === null ? null : new Date(at.getTime() + delay * 1000).toISOString();
  const attempt: AttemptRecord = { number, at: at.toISOString(), status_code: outcome.statusCode, duration_ms: outcome.durationMs, error: outcome.error, next_attempt_at: nextAt };
  const status: DeliveryRecord['status'] = delivered ? 'delivered' : delay === null ? 'failed' : 'pending';

  const tx = new WriteTransaction();
  deliveryStore.addReplace(tx, message.business_id, { ...delivery, status, attempts: [...delivery.attempts, attempt], next_attempt_at: nextAt, held_by_circuit: false, updated_at: at.toISOString() }, version);
  if (outcome.statusCode === 410 && endpoint) {
    const storedEndpoint = await endpointStore.get(message.business_id, endpoint.id);
    if (storedEndpoint) endpointStore.addReplace(tx, message.business_id, { ...storedEndpoint.record, enabled: false, disabled_reason: 'The receiver answered 410 Gone.', updated_at: at.toISOString() }, storedEndpoint.version);
  }
  try {
    await tx.commit();
  } catch (error) {
    // Another worker recorded this delivery in between (a duplicate message): its record stands.
    if (error instanceof TransactionConflict) return { kind: 'settled' };
    throw error;
  }
  count(METRIC.webhookAttempts);
  if (!delivered) count(METRIC.webhookFailures);
  milliseconds(METRIC.webhookLatency, outcome.durationMs);
  if (breaks && outcome.statusCode !== 410) {
    if (delivered) await recordEndpointSuccess(message.business_id, endpoint.id);
    else await recordEndpointFailure(message.business_id, endpoint.id, at.getTime());
  }
  if (status === 'pending' && delay !== null) return { kind: 'retry', afterSeconds: delay };
  return status === 'failed' ? { kind: 'exhausted' } : { kind: 'settled' };
}

/** When the endpoint's circuit holds this delivery back: the time it may go, or null to go now (maybe as the probe). */
async function heldBack(businessId: Id, endpoint: EndpointRecord, nowMs: number): Promise<string | null> {
  const gate = gateOf(circuitStateOf(endpoint), nowMs);
  if (gate.kind === 'send') return null;
  if (gate.kind === 'wait') return gate.until;
  if (await claimProbe(businessId, endpoint, nowMs)) return null;
  // Another delivery claimed the probe: wait for the wait it started.
  const fresh = (await endpointStore.get(businessId, endpoint.id))?.record;
  const again = fresh ? gateOf(circuitStateOf(fresh), nowMs) : { kind: 'send' as const };
  return again.kind === 'wait' ? again.until : null;
}

/**
 * Holds a delivery while its endpoint's circuit is open: no attempt is made or counted; the delivery shows when
 * it will go, and its message comes back then (a fresh one, so the wait spends none of the queue's receives).
 */
async function holdDelivery(businessId: Id, stored: { record: DeliveryRecord; version: number }, until: string): Promise<AttemptResult> {
  const tx = new WriteTransaction();
  deliveryStore.addReplace(tx, businessId, { ...stored.record, next_attempt_at: until, held_by_circuit: true, updated_at: new Date().toISOString() }, stored.version);
  try {
    await tx.commit();
  } catch (error) {
    if (error instanceof TransactionConflict) return { kind: 'settled' };
    throw error;
  }
  return { kind: 'held', afterSeconds: Math.max(0, (Date.parse(until) - Date.now()) / 1000) };
}

/** A held delivery's message comes back when its endpoint's wait ends (SQS delays a message 15 minutes at most). */
export async function requeueHeld(message: DeliveryMessage, afterSeconds: number): Promise<void> {
  await enqueue(message, Math.min(900, afterSeconds));
}

function send(endpoint: EndpointRecord, delivery: DeliveryRecord, at: Date) {
  const timestamp = Math.floor(at.getTime() / 1000);
  const headers = {
    'webhook-id': delivery.event_id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(signingSecrets(endpoint, at.getTime()), delivery.event_id, timestamp, delivery.payload),
  };
  return postWebhook(endpoint.url, headers, delivery.payload, config().WEBHOOK_TIMEOUT_MS, guardOptions());
}

/** The attempts recorded on an endpoint's deliveries, newest round last. */
export async function listDeliveries(businessId: Id, endpointId: Id, page: PageRequest): Promise<Page<ReturnType<typeof toDeliveryResource>>> {
  if (!(await endpointStore.get(businessId, endpointId))) throw new NotFound('webhook endpoint');
  return pageOfList(await deliveryStore.all(businessId, {}, { prefix: byEndpoint.prefix({ endpoint_id: endpointId }), counter: 'ALL' }), page, toDeliveryResource);
}

/** Redelivery by hand: a settled delivery starts a new round of attempts, sent through the outbox. */
export async function retryDelivery(businessId: Id, deliveryId: Id) {
  const stored = await deliveryStore.get(businessId, deliveryId);
  if (!stored) throw new NotFound('delivery');
  if (stored.record.status === 'pending') throw new StateConflict('This delivery is still being attempted.');
  const now = new Date().toISOString();
  const restarted: DeliveryRecord = { ...stored.record, status: 'pending', round_start: stored.record.attempts.length, next_attempt_at: now, updated_at: now };
  const tx = new WriteTransaction();
  deliveryStore.addReplace(tx, businessId, restarted, stored.version);
  addEvent(tx, businessId, 'webhook.redeliver', { delivery_id: deliveryId, round: restarted.round_start });
  addAuditEntry(tx, businessId, { action: 'retried', record: { type: 'webhook_delivery', id: deliveryId, no: null }, related: [{ type: 'webhook_endpoint', id: stored.record.endpoint_id, no: null }], changes: [{ field: 'status', from: stored.record.status, to: 'pending' }] });
  await tx.commit();
  return toDeliveryResource(restarted);
}

