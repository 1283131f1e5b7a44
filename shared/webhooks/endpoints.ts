import { config } from '../config.ts';
import { collection } from '../db/collection.ts';
import { emit } from '../events/emit.ts';
import { WriteTransaction } from '../db/transaction.ts';
import { NotFound, RuleViolation } from '../domain/errors.ts';
import { derivedId, newId, type Id } from '../domain/ids.ts';
import type { Page, PageRequest } from '../domain/paging.ts';
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

export async function createEndpoint(businessId: Id, input: EndpointCreateInput) {
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
  };
  const tx = new WriteTransaction();
  endpointStore.addCreate(tx, businessId, endpoint);
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

export async function updateEndpoint(businessId: Id, id: Id, patch: EndpointPatchInput) {
  if (patch.url !== undefined) await checkUrl(patch.url);
  const updated = await endpointStore.modify(businessId, id, (endpoint) => ({
    ...endpoint,
    url: patch.url ?? endpoint.url,
    events: patch.events ? [...new Set(patch.events)] : endpoint.events,
    description: patch.description === undefined ? endpoint.description : patch.description,
    enabled: patch.enabled ?? endpoint.enabled,
    // Turning an endpoint back on clears why it was turned off.
    disabled_reason: patch.enabled === true ? null : endpoint.disabled_reason,
    updated_at: new Date().toISOString(),
  }));
  if (!updated) throw new NotFound('webhook endpoint');
  return toEndpointResource(updated);
}

export async function deleteEndpoint(businessId: Id, id: Id) {
  const stored = await endpointStore.get(businessId, id);
  if (!stored) throw new NotFound('webhook endpoint');
  const tx = new WriteTransaction();
  endpointStore.addRemove(tx, businessId, stored.record, stored.version);
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
  }));
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
  return endpoint.enabled && (endpoint.events.includes('*') || endpoint.events.includes(type));
}

/** One delivery per (event, endpoint): its id is derived from both, so a repeated fan-out finds the same one. */
export function deliveryIdOf(eventId: string, endpointId: Id): Id {
  return derivedId(`delivery:${eventId}:${endpointId}`);
}
