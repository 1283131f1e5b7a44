import * as v from 'valibot';
import { isEventName } from '../../events/catalogue.ts';
import { PagingQuery, ResourceId, Text, Timestamp } from '../platform/core/fields.ts';

// Every name the live catalogue lists may be subscribed, ping included (it still reaches an endpoint only from its
// own test action), so an integrator who subscribes to each listed name is never refused.
const EventSelector = v.pipe(v.string(), v.check((name) => name === '*' || isEventName(name), 'must be an event of the catalogue or "*"'));

export const EndpointCreate = v.strictObject({
  url: v.pipe(v.string(), v.maxLength(2048, 'must be at most 2048 characters')),
  events: v.pipe(v.array(EventSelector), v.minLength(1, 'must name at least one event or "*"'), v.maxLength(100, 'must name at most 100 events')),
  description: v.optional(Text(500)),
  enabled: v.optional(v.boolean()),
});

export const EndpointPatch = v.strictObject({
  url: v.optional(v.pipe(v.string(), v.maxLength(2048, 'must be at most 2048 characters'))),
  events: v.optional(v.pipe(v.array(EventSelector), v.minLength(1, 'must name at least one event or "*"'), v.maxLength(100, 'must name at most 100 events'))),
  description: v.optional(v.nullable(Text(500))),
  enabled: v.optional(v.boolean()),
});

export const Endpoint = v.object({
  id: ResourceId,
  url: v.string(),
  events: v.array(v.string()),
  description: v.nullable(v.string()),
  enabled: v.boolean(),
  disabled_reason: v.nullable(v.string()),
  circuit: v.pipe(
    v.object({ state: v.picklist(['closed', 'open', 'half_open']), failure_streak: v.number(), retry_at: v.nullable(Timestamp) }),
    v.description('The circuit breaker: after 5 failures in a row the endpoint\'s deliveries wait until retry_at, when one goes through as a probe; a success closes it.'),
  ),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const EndpointWithSecret = v.object({
  ...Endpoint.entries,
  secret: v.pipe(v.string(), v.description('The signing secret (whsec_…). Shown only here: on creation and on rotation.')),
});

export const DeliveryAttempt = v.object({
  number: v.number(),
  at: Timestamp,
  status_code: v.nullable(v.number()),
  duration_ms: v.number(),
  error: v.nullable(v.string()),
  next_attempt_at: v.nullable(Timestamp),
});

export const Delivery = v.object({
  id: ResourceId,
  endpoint_id: ResourceId,
  event_id: v.string(),
  event_type: v.string(),
  status: v.picklist(['pending', 'delivered', 'failed']),
  attempts: v.array(DeliveryAttempt),
  next_attempt_at: v.nullable(Timestamp),
  held_by_circuit: v.pipe(v.boolean(), v.description("Waiting for its endpoint's circuit (open after repeated failures) until next_attempt_at; no attempt is spent.")),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const EndpointListQuery = v.strictObject({ ...PagingQuery });
export const DeliveryListQuery = v.strictObject({ ...PagingQuery });
export const PingResult = v.object({ event_id: v.string(), endpoint_id: ResourceId });

export type EndpointCreateInput = v.InferOutput<typeof EndpointCreate>;
export type EndpointPatchInput = v.InferOutput<typeof EndpointPatch>;
