import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { API_VERSION, SERVICE_NAME } from '../service/index.ts';
import type { Contract } from './contract.ts';
import type { RouteRow } from './route.ts';

type JsonSchema = Record<string, unknown>;

/**
 * Transforms and custom checks have no JSON Schema form; they are left out ('ignore') and described in text
 * through `v.description` where a client needs to know.
 */
function jsonSchema(schema: v.GenericSchema): JsonSchema {
  const { $schema: _ignored, ...rest } = toJsonSchema(schema, { errorMode: 'ignore' }) as JsonSchema;
  return rest;
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error', 'error_description', 'details'],
  properties: {
    error: { type: 'string', description: 'Machine code, such as validation_error or not_found.' },
    error_description: { type: 'string', description: 'For validation errors, `<field>: <message>` of the first detail.' },
    details: {
      type: 'array',
      items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['status', 'message', 'data'],
    properties: { status: { const: 'success' }, message: { type: 'string' }, data },
  };
}

function parameters(route: RouteRow, contract: Contract) {
  const path = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    const values = contract.pathValues?.[name!];
    return values
      ? { name, in: 'path', required: true, description: 'The collection, as in its own path.', schema: { type: 'string', enum: values } }
      : { name, in: 'path', required: true, description: 'A UUID, with or without dashes, in any case.', schema: { type: 'string' } };
  });
  const query = Object.entries(contract.query?.entries ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: schema.type !== 'optional',
    schema: jsonSchema(schema),
  }));
  const headers = contract.idempotent
    ? [{ name: 'Idempotency-Key', in: 'header', required: false, description: 'Scoped to the business and the route; the same key and body within 24 hours returns the first answer.', schema: { type: 'string', minLength: 1, maxLength: 255 } }]
    : [];
  return [...path, ...query, ...headers];
}

type Described = RouteRow & { readonly contract: Contract };

const hasContract = (route: RouteRow): route is Described => route.contract !== undefined;

const OAUTH_ERROR = {
  description: 'RFC 6749 §5.2 error',
  content: { 'application/json': { schema: { type: 'object', required: ['error'], properties: { error: { type: 'string' }, error_description: { type: 'string' } } } } },
};

function oauthOperation(route: Described, contract: Contract) {
  const body = jsonSchema(contract.body!);
  return {
    operationId: route.id,
    summary: contract.summary,
    tags: [contract.tag],
    security: [{ clientBasic: [] }, {}],
    description: 'Client authentication by HTTP Basic, or client_id and client_secret in the body. Answers are not wrapped in the envelope.',
    requestBody: { required: true, content: { 'application/json': { schema: body }, 'application/x-www-form-urlencoded': { schema: body } } },
    responses: {
      200: route.id === 'oauth.revoke' ? { description: `${contract.summary}: no content` } : { description: contract.summary, content: { 'application/json': { schema: jsonSchema(contract.response) } } },
      400: OAUTH_ERROR,
      401: OAUTH_ERROR,
      413: { ...OAUTH_ERROR, description: 'Body larger than 1 MiB (invalid_request).' },
      500: { ...OAUTH_ERROR, description: 'Internal error (server_error); nothing about it is disclosed.' },
    },
  };
}

function operation(route: Described) {
  const contract: Contract = route.contract;
  if (contract.oauth) return oauthOperation(route, contract);
  const status = contract.status ?? 200;
  const success = route.id === 'openapi.get' ? jsonSchema(contract.response) : envelope(jsonSchema(contract.response));
  const responses: Record<string, unknown> = {
    [status]: { description: contract.summary, content: contract.produces ? { [contract.produces]: { schema: { type: 'string', format: 'binary' } } } : { 'application/json': { schema: success }, ...(contract.alsoProduces ? { [contract.alsoProduces]: { schema: { type: 'string', format: 'binary' } } } : {}) } },
  };
  if (contract.accepted) responses['202'] = { description: contract.accepted.description, content: { 'application/json': { schema: envelope(jsonSchema(contract.accepted.response)) } } };
  for (const [other, description] of Object.entries(contract.otherStatuses ?? {})) {
    responses[other] = other.startsWith('2') ? { description, content: { 'application/json': { schema: success } } } : errorResponse(description);
  }
  // Every route validates something: its body, its query (a route without query parameters refuses any), its path.
  responses['400'] = errorResponse('Invalid input (validation_error).');
  if (route.auth === 'rail') responses['401'] = errorResponse('The rail signature is missing, stale or wrong.');
  else if (route.auth !== 'public') {
    responses['401'] = errorResponse('Missing, unknown or revoked credential.');
    responses['403'] = errorResponse('The credential lacks the required scope (insufficient_scope).');
  }
  if (route.auth === 'bearer' || route.auth === 'api_key:webhooks') {
    const field = (description: string) => ({ description, schema: { type: 'string' } });
    responses['429'] = {
      ...errorResponse(`The business has used its quota for this minute (rate_limited); nothing was done. Every answer carries RateLimit-Policy and RateLimit.${contract.otherStatuses?.[429] ? ` Also: ${contract.otherStatuses[429]}` : ''}`),
      headers: { 'Retry-After': field('Seconds until the quota renews.'), 'RateLimit-Policy': field('The quotas that apply, e.g. "api";q=600;w=60.'), RateLimit: field('What is left of each, e.g. "api";r=0;t=42.') },
    };
  }
  if (route.path.includes('{id}')) responses['404'] = errorResponse('No such record in this business.');
  // The size check runs before anything else on every route that takes a body, or could be sent one.
  if (contract.body || route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH') responses['413'] = errorResponse('Body larger than 1 MiB.');
  if (contract.body) responses['415'] = errorResponse(`Body not sent as application/json${contract.consumes ? ` or ${contract.consumes}` : ''}.`);
  if (route.path.includes('/void') || contract.idempotent) responses['409'] = errorResponse('The record\'s state forbids this, or the same Idempotency-Key is still in flight (conflict).');
  if (contract.posting) responses['409'] = errorResponse(`${responses['409'] ? 'Conflict as above, or the' : 'The'} posting's date (or the original's, for a void) is on or before the lock date (period_locked, naming the date field).`);
  if (contract.idempotent) responses['422'] = errorResponse(`${contract.otherStatuses?.[422] ? `${contract.otherStatuses[422]} Or: t` : 'T'}he Idempotency-Key was used with another body (idempotency_key_reused).`);
  responses['500'] = errorResponse('Internal error; nothing about it is disclosed.');
  return {
    operationId: route.id,
    summary: contract.summary,
    tags: [contract.tag],
    security: route.auth === 'public' ? [] : route.auth === 'rail' ? [{ railSignature: [] }] : [{ bearerAuth: [] }],
    ...(route.scope ? { description: `Requires the scope \`${route.scope}\`.` } : route.auth === 'api_key:webhooks' ? { description: 'Requires an API key holding the webhooks option.' } : {}),
    parameters: parameters(route, contract),
    ...(contract.body ? { requestBody: { required: !contract.optionalBody, content: { 'application/json': { schema: jsonSchema(contract.body) }, ...(contract.consumes ? { [contract.consumes]: { schema: { type: 'string', description: 'The document itself, UTF-8, at most 1 MiB.' } } } : {}) } } } : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 description of every route in the table it is given, built from the contracts that validate
 * requests. `serverUrl` is the address the description was asked at, so that it names the API that served it.
 */
export function openApiDocument(routes: readonly RouteRow[], serverUrl?: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const described = routes.filter(hasContract);
  for (const route of described) (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route);
  const usedTags = new Set(described.map((route) => route.contract.tag));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Accounting service API',
      version: API_VERSION,
      description: `${SERVICE_NAME}: multi-business accounting and invoicing. Every 2xx answer is wrapped in { status, message, data }; every error is { error, error_description, details }.`,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: serverUrl ?? '/', description: 'The API that served this description' }],
    tags: [...usedTags].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key or an OAuth 2.0 access token.' },
        clientBasic: { type: 'http', scheme: 'basic', description: 'OAuth client_id and client_secret.' },
        railSignature: { type: 'apiKey', in: 'header', name: 'rail-signature', description: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body"> with the rail secret; five minutes of tolerance.' },
      },
      schemas: { Error: ERROR_SCHEMA },
    },
  };
}

const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Service: 'The service index and this description.',
  Webhooks: 'Webhook events and endpoints.',
  Customers: 'People and companies the business sells to.',
  Vendors: 'People and companies the business buys from.',
  Items: 'Products and services that appear on document lines.',
  Banking: 'Cash-flow (bank and cash) accounts and their statement lines.',
  Invoices: 'Sales invoices: posted on creation, settled by receipts and credit.',
  Bills: 'Vendor bills: posted on creation, settled by payments.',
  Estimates: 'Quotes to customers; they post nothing.',
  'Sales orders': 'Orders taken from customers; they post nothing.',
  'Purchase orders': 'Orders placed with vendors; they post nothing.',
  'Credit notes': 'Credit issued to customers and applied to their invoices.',
  'Debit notes': 'Further charges to customers.',
  'Cash sales': 'Sales paid at once into a cash-flow account.',
  Expenses: 'Purchases paid at once from a cash-flow account.',
  Ledger: 'Chart of accounts, journal entries and the trial balance.',
  Tax: 'Tax rates as records (each one EN 16931 VAT category), named by every taxed line.',
  Tracking: 'Tracking categories and their options (department, project), named by lines for profit by option.',
  Receipts: 'Money received from customers, allocated to their invoices in the order given.',
  Payments: 'Money paid to vendors, allocated to their bills in the order given.',
  OAuth: 'OAuth 2.0 token and revocation endpoints (the consent screen is at /oauth/authorize).',
  'API keys': 'Keys for machine-to-machine callers, stored only as hashes.',
};
