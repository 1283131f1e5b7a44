/**
 * The webhooks domain's public entry: what other domains and their entry points use of it. A domain imports
 * another only through its index (design.md, "Dependencies point one way"; `test/platform/layers.test.ts`).
 */
export { listDeliveries, retryDelivery } from './deliveries.ts';
export { createEndpoint, deleteEndpoint, getEndpoint, listEndpoints, pingEndpoint, rotateSecret, toEndpointResource, updateEndpoint } from './endpoints.ts';
export { DeliveryListQuery, EndpointCreate, EndpointListQuery, EndpointPatch } from './schemas.ts';
