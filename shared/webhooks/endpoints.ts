import { addAuditEntry } from '../platform/trail/write.ts';
import { createdAction, deletedAction } from '../platform/trail/actions.ts';
import { config } from '../platform/config.ts';
import { collection } from '../platform/db/collection.ts';
import { emit } from '../platform/outbox/emit.ts';
import { WriteTransaction } from '../platform/db/transaction.ts';
import { NotFound, RuleViolation, StateConflict } from '../platform/core/errors.ts';
import { circuitView, FAILURES_TO_OPEN, waitSeconds, type CircuitState } from './circuit-breaker.ts';
import { counterKey, recordKey } from '../platform/db/keys.ts';
import { readCounter } from '../platform/db/query.ts';
import { db, tableName } from '../platform/db/client.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { derivedId, newId, type Id } from '../platform/core/ids.ts';
import { mayRead } from './event-scopes.ts';
import type { Page, PageRequest } from '../platform/core/paging.ts';
import type { EndpointCreateInput, EndpointPatchInput } from './schemas.ts';
import { newWebhookSecret } from './signing.ts';
import { resolvedProblem, urlProblem } from './ssrf.ts';

/** A rotated-out secret keeps signing beside the new one for this long, so receivers can switch over. */
const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

export interface EndpointRecord {
  readonly id: Id;
  readonly url: string;
  readonly events: readonly string[];
  readonly description: string | null;
  readonly enabled: boolean;
  readonly disabled_reason: string | null;
  /**
   * Signing secrets are kept as they are, encrypted at rest with the table: an HMAC needs the key itself, so it
   * cannot be stored as a hash the way API keys are.
   */
  readonly secret: string;
  readonly previous_secret: string | null;
  readonly previous_secret_expires_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  /** The circuit breaker's state (`circuit-breaker.ts`); absent on endpoints made before it, which read as closed. */
  readonly failure_streak?: number;
  readonly circuit_opens?: number;
  readonly circuit_open_until?: string | null;
  /**
   * The scopes of the credential that last set the endpoint up: it is sent only the events they may read. Absent on
   * endpoints made before this was kept, which are sent every event they subscribe to.
   */
  readonly reader_scopes?: readonly string[];
}

/** A business may subscribe this many endpoints: each one costs delivery work on every event it takes. */
export const MAX_ENDPOINTS = 20;

export function circuitStateOf(endpoint: EndpointRecord): CircuitState {
  return { failure_streak: endpoint.failure_streak ?? 0, circuit_opens: endpoint.circuit_opens ?? 0, circuit_open_until: endpoint.circuit_open_until ?? null };
}

export const endpointStore = collection<EndpointRecord>({ kind: 'WEBHOOK', order: (endpoint) => `EP#${endpoint.created_at}#${endpoint.id}` });

export function toEndpointResource(endpoint: EndpointRecord) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: [...endpoint.events],
    description: endpoint.description,
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabled_reason,
    circuit: circuitView(circuitStateOf(endpoint), Date.now()),
    created_at: endpoint.created_at,
    updated_at: endpoint.updated_at,
  };
}

export const guardOptions = () => ({ allowLoopback: config().SERVICE_STAGE === 'local' });

/** The SSRF guard at registration: the URL's form, then every address its host resolves to. */
async function checkUrl(url: string): Promise<void> {
  const problem = urlProblem(url, guardOptions()) ?? (await resolvedProblem(new URL(url).hostname, guardOptions()));
  if (problem) throw RuleViolation.of('url', problem);
}

/** The secrets that sign a delivery now: the current one, and the previous one during its overlap. */
export function signingSecrets(endpoint: EndpointRecord, now = Date.now()): string[] {
  const previousLive = endpoint.previous_secret && endpoint.previous_secret_expires_at && Date.parse(endpoint.previous_secret_expires_at) > now;
  return previousLive ? [endpoint.secret, endpoint.previous_secret!] : [endpoint.secret];
}

/** The signing secrets an endpoint's audit entries name only as changed. */
export const ENDPOINT_SECRETS: ReadonlySet<string> = new Set(['secret', 'previous_secret']);

export async function createEndpoint(businessId: Id, input: EndpointCreateInput, reader: ReadonlySet<string>) {
  if ((await readCounter(counterKey(businessId, 'WEBHOOK'))) >= MAX_ENDPOINTS) {
    throw new StateConflict(`A business may have at most ${MAX_ENDPOINTS} webhook endpoints; delete one first.`);
  }
  await checkUrl(input.url);
  const now = new Date().toISOString();
  const endpoint: EndpointRecord = {
    id: newId(),
    url: input.url,
    events: [...new Set(input.events)],
    description: input.description ?? null,
    enabled: input.enabled ?? true,
    disabled_reason: null,
    secret: newWebhookSecret(),
    previous_secret: null,
    previous_secret_expires_at: null,
    created_at: now,
    updated_at: now,
    reader_scopes: [...reader].sort(),
  };
  const tx = new WriteTransaction();
  endpointStore.addCreate(tx, businessId, endpoint);
  addAuditEntry(tx, businessId, createdAction('webhook_endpoint', endpoint, [], { secret: ENDPOINT_SECRETS }));
  await tx.commit();
  return { ...toEndpointResource(endpoint), secret: endpoint.secret };
}

export async function getEndpoint(businessId: Id, id: Id): Promise<EndpointRecord> {
  const stored = await endpointStore.get(businessId, id);
  if (!stored) throw new NotFound('webhook endpoint');
  return stored.record;
}

export async function listEndpoints(businessId: Id, page: PageRequest): Promise<Page<ReturnType<typeof toEndpointResource>>> {
  const result = await endpointStore.page(businessId, page);
  return { ...result, items: result.items.map(toEndpointResource) };
}

export async function updateEndpoint(businessId: Id, id: Id, patch: EndpointPatchInput, reader: ReadonlySet<string>) {
  if (patch.url !== undefined) await checkUrl(patch.url);
  const updated = await endpointStore.modify(businessId, id, (endpoint) => ({
    ...endpoint,
    url: patch.url ?? endpoint.url,
    events: patch.events ? [...new Set(patch.events)] : endpoint.events,
    description: patch.description === undefined ? endpoint.description : patch.description,
    enabled: patch.enabled ?? endpoint.enabled,
    // Turning an endpoint back on clears why it was turned off.
    disabled_reason: patch.enabled === true ? null : endpoint.disabled_reason,
    reader_scopes: [...reader].sort(),
    updated_at: new Date().toISOString(),
  }), { type: 'webhook_endpoint', secret: ENDPOINT_SECRETS });
  if (!updated) throw new NotFound('webhook endpoint');
  return toEndpointResource(updated);
}

export async function deleteEndpoint(businessId: Id, id: Id) {
  const stored = await endpointStore.get(businessId, id);
  if (!stored) throw new NotFound('webhook endpoint');
  const tx = new WriteTransaction();
  endpointStore.addRemove(tx, businessId, stored.record, stored.version);
  addAuditEntry(tx, businessId, deletedAction('webhook_endpoint', stored.record, { secret: ENDPOINT_SECRETS }));
  await tx.commit();
  return toEndpointResource(stored.record);
}

export async function rotateSecret(businessId: Id, id: Id) {
  const now = Date.now();
  const updated = await endpointStore.modify(businessId, id, (endpoint) => ({
    ...endpoint,
    secret: newWebhookSecret(),
    previous_secret: endpoint.secret,
    previous_secret_expires_at: new Date(now + ROTATION_OVERLAP_MS).toISOString(),
    updated_at: new Date(now).toISOString(),
  }), { type: 'webhook_endpoint', action: 'secret_rotated', secret: ENDPOINT_SECRETS });
  if (!updated) throw new NotFound('webhook endpoint');
  return { ...toEndpointResource(updated), secret: updated.secret };
}

/** Sends the `ping` event to this endpoint only, through the outbox like every other event. */
export async function pingEndpoint(businessId: Id, id: Id) {
  await getEndpoint(businessId, id);
  const tx = new WriteTransaction();
  const event = emit(tx, businessId, 'ping', { endpoint_id: id, message: 'Test event sent from the webhook settings.' });
  await tx.commit();
  return { event_id: event.id, endpoint_id: id };
}

/** Whether an endpoint takes an event: pings go to the one endpoint they name, others by subscription. */
export function receives(endpoint: EndpointRecord, type: string, data: unknown): boolean {
  if (type === 'ping') return (data as { endpoint_id?: string } | null)?.endpoint_id === endpoint.id;
  if (!endpoint.enabled || !(endpoint.events.includes('*') || endpoint.events.includes(type))) return false;
  return !endpoint.reader_scopes || mayRead(new Set(endpoint.reader_scopes), type, data);
}

/** One delivery per (event, endpoint): its id is derived from both, so a repeated fan-out finds the same one. */
export function deliveryIdOf(eventId: string, endpointId: Id): Id {
  return derivedId(`delivery:${eventId}:${endpointId}`);
}

type CircuitUpdate = { readonly written: true; readonly after: Record<string, unknown> } | { readonly written: false; readonly current: Record<string, unknown> | undefined };

/**
 * Writes one breaker field change on an endpoint, outside any posting: the breaker is advisory, so a lost race
 * (its condition failing) only means another worker moved it first; the item as that worker left it comes back.
 */
async function updateCircuit(businessId: Id, endpointId: Id, update: string, condition: string, values: Record<string, unknown>): Promise<CircuitUpdate> {
  try {
    const result = await db().send(new UpdateCommand({ TableName: tableName(), Key: recordKey(businessId, 'WEBHOOK', endpointId), UpdateExpression: update, ConditionExpression: `attribute_exists(pk) AND (${condition})`, ExpressionAttributeValues: values, ReturnValues: 'ALL_NEW', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }));
    return { written: true, after: result.Attributes ?? {} };
  } catch (error) {
    // The document client leaves the returned item in DynamoDB's wire form (aws-sdk-js-v3 issue 6723).
    if (error instanceof ConditionalCheckFailedException) return { written: false, current: error.Item ? unmarshall(error.Item) : undefined };
    throw error;
  }
}

const opensAt = (nowMs: number, opens: number) => new Date(nowMs + waitSeconds(opens, config().WEBHOOK_TIME_SCALE) * 1000).toISOString();

/** A success closes the circuit (written only when there was something to reset). */
export async function recordEndpointSuccess(businessId: Id, endpointId: Id): Promise<void> {
  await updateCircuit(businessId, endpointId, 'SET failure_streak = :zero, circuit_opens = :zero REMOVE circuit_open_until', 'failure_streak > :zero OR attribute_exists(circuit_open_until)', { ':zero': 0 });
}

/** How many times a failure retries its write when other deliveries to the same endpoint keep moving the breaker. */
const FAILURE_WRITE_ATTEMPTS = 5;

/**
 * A failure adds to the streak; the FAILURES_TO_OPEN-th in a row opens the circuit, unless it is already held open.
 * The streak and the opening are one write, so nobody reads a streak of five on a circuit still closed: a plain
 * increment is conditioned on not reaching the threshold, and when it would, the opening is written against the
 * state that condition returned (compare and set, retried if another worker moved it first).
 */
export async function recordEndpointFailure(businessId: Id, endpointId: Id, nowMs = Date.now()): Promise<void> {
  const now = new Date(nowMs).toISOString();
  for (let attempt = 0; attempt < FAILURE_WRITE_ATTEMPTS; attempt++) {
    const counted = await updateCircuit(businessId, endpointId, 'ADD failure_streak :one', 'attribute_not_exists(failure_streak) OR failure_streak < :last OR circuit_open_until > :now', { ':one': 1, ':last': FAILURES_TO_OPEN - 1, ':now': now });
    if (counted.written || !counted.current) return;
    const seen = counted.current;
    const streak = Number(seen.failure_streak);
    const opens = Number(seen.circuit_opens ?? 0) + 1;
    const unchanged = [
      'failure_streak = :streak',
      seen.circuit_opens === undefined ? 'attribute_not_exists(circuit_opens)' : 'circuit_opens = :seenOpens',
      typeof seen.circuit_open_until === 'string' ? 'circuit_open_until = :seenUntil' : 'attribute_not_exists(circuit_open_until)',
    ].join(' AND ');
    const opened = await updateCircuit(businessId, endpointId, 'SET failure_streak = :next, circuit_open_until = :until, circuit_opens = :opens', unchanged, {
      ':streak': streak,
      ':next': streak + 1,
      ':until': opensAt(nowMs, opens),
      ':opens': opens,
      ...(seen.circuit_opens === undefined ? {} : { ':seenOpens': seen.circuit_opens }),
      ...(typeof seen.circuit_open_until === 'string' ? { ':seenUntil': seen.circuit_open_until } : {}),
    });
    if (opened.written || !opened.current) return;
  }
}

/**
 * Claims the probe of an endpoint whose wait is over: the circuit is held open again for the next, longer wait
 * (as if the probe failed) on the condition that no other delivery claimed it first. A successful probe closes it.
 */
export async function claimProbe(businessId: Id, endpoint: EndpointRecord, nowMs = Date.now()): Promise<boolean> {
  const state = circuitStateOf(endpoint);
  const opens = state.circuit_opens + 1;
  return (await updateCircuit(businessId, endpoint.id, 'SET circuit_open_until = :until, circuit_opens = :opens', 'circuit_open_until = :seen', { ':until': opensAt(nowMs, opens), ':opens': opens, ':seen': state.circuit_open_until })).written;
}
