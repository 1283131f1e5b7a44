import * as v from 'valibot';

export const EventDescriptor = v.object({ name: v.string(), description: v.string() });

export const ServiceIndex = v.object({
  name: v.string(),
  version: v.string(),
  openapi_url: v.string(),
  webhook_events: v.array(EventDescriptor),
});

export const OpenApiDocument = v.pipe(v.record(v.string(), v.unknown()), v.description('The OpenAPI 3.1 description itself, not wrapped in the envelope.'));
