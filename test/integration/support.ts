import { execFileSync } from 'node:child_process';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { expect, inject } from 'vitest';
import { openApiDocument } from '../../shared/platform/http/openapi.ts';
import { routeMatcher } from '../../shared/platform/http/route-match.ts';
import { routes } from '../../functions/routes.ts';
import { SCOPES, type ApiKeyOption, type Scope } from '../../shared/platform/http/scopes.ts';
import { eventually, STREAM_LAG_MS } from './receiver.ts';

export const runtime = inject('runtime');
export const [businessA, businessB] = runtime.credentials.businesses as [
  (typeof runtime.credentials.businesses)[number],
  (typeof runtime.credentials.businesses)[number],
];

/**
 * Points this test worker's own data layer at the runtime's engine, for tests that set up or inspect records
 * directly (a limited key, a revoked key, the outbox). Call before the first data-layer call.
 */
export function useRuntimeTable(): void {
  process.env.TABLE_NAME = runtime.tableName;
  process.env.DYNAMODB_ENDPOINT = runtime.engineEndpoint;
  process.env.AWS_REGION = 'local';
  process.env.SERVICE_STAGE = 'local';
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  process.env.PUBLIC_URL = runtime.baseUrl;
}

export interface ApiAnswer<T = any> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
  readonly text: string;
}

export interface CallOptions {
  readonly key?: string | null;
  readonly body?: unknown;
  /** Sent as is, instead of JSON-encoding `body`. */
  readonly rawBody?: string;
  readonly contentType?: string | null;
  readonly headers?: Record<string, string>;
}

/** One real HTTP request to the local runtime; the key defaults to business A's seeded all-scope key. */
export async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? businessA.api_key : options.key;
  if (key) headers.authorization = `Bearer ${key}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const contentType = options.contentType === undefined ? (body === undefined ? null : 'application/json') : options.contentType;
  if (contentType) headers['content-type'] = contentType;
  const response = await fetch(`${runtime.baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  expectDocumentedStatus(method, path, response.status);
  expectDescribedBody(method, path, response.status, response.headers.get('content-type'), parsed);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

const matchRoute = routeMatcher(routes);
type Described = { description?: string; content?: Record<string, { schema: Record<string, unknown> }> };
const description = openApiDocument(routes) as { paths: Record<string, Record<string, { responses: Record<string, Described> }>>; components: { schemas: Record<string, unknown> } };

/**
 * Every answer an integration test observes must be one the OpenAPI description lists for its route: a status
 * the service gives and the description leaves out fails the test that saw it. (A path no route matches is
 * answered by the $default route with 404 or 405, which the description does not cover.)
 */
export function expectDocumentedStatus(method: string, path: string, status: number): void {
  const match = matchRoute(method, new URL(path, 'http://localhost').pathname);
  if (match.kind !== 'route' || match.route.auth === 'browser') return;
  const operation = description.paths[match.route.path]?.[match.route.method.toLowerCase()];
  if (!operation) throw new Error(`The OpenAPI description has no operation for ${match.route.id}`);
  if (!(String(status) in operation.responses)) {
    throw new Error(`${method} ${path} answered ${status}, which the OpenAPI description of ${match.route.id} does not list (it lists ${Object.keys(operation.responses).join(', ')})`);
  }
}

export function uniqueName(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 10)}`;
}

/** POSTs as `key`, expecting success: the record's `data`, or the test fails with the answer it got. */
export function postingAs(key: string) {
  return async (path: string, body: unknown) => {
    const answer = await call('POST', path, { key, body });
    expect(answer.status, answer.text).toBeLessThan(300);
    return answer.body.data;
  };
}

/** A business of its own, with a key holding `scopes` (all by default), for tests that count or page. */
export async function freshBusiness(options: { scopes?: readonly Scope[]; options?: readonly ApiKeyOption[]; currency?: string } = {}) {
  useRuntimeTable();
  const { createBusiness } = await import('../../shared/access/businesses/businesses.ts');
  const { issueApiKey } = await import('../../shared/access/keys/api-keys.ts');
  const business = await createBusiness({ name: uniqueName('Test business'), currency: options.currency ?? 'USD' });
  const issued = await issueApiKey(business.id, { name: 'test', scopes: options.scopes ?? SCOPES, options: options.options ?? [] });
  return { id: business.id, key: issued.key, keyId: issued.record.id };
}

/** Another key of the same business, with only these scopes. */
export async function keyWithScopes(businessId: string, scopes: readonly Scope[]): Promise<string> {
  useRuntimeTable();
  const { issueApiKey } = await import('../../shared/access/keys/api-keys.ts');
  return (await issueApiKey(businessId as never, { name: 'limited', scopes, options: [] })).key;
}

/**
 * Waits until the chainer has placed every audit entry of a business (none left with a null seq): a test that
 * compares the table's items before and after must not see the chainer's own writes as the request's.
 */
export async function chainSettled(businessId: string): Promise<void> {
  useRuntimeTable();
  const { db, tableName } = await import('../../shared/platform/db/client.ts');
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const pk = `BIZ#${businessId}#AUDIT#${new Date().toISOString().slice(0, 4)}`;
  let unchained: number | undefined;
  const settled = async () => !(unchained = (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', FilterExpression: 'attribute_type(seq, :null)', ExpressionAttributeValues: { ':pk': pk, ':null': 'NULL' }, Select: 'COUNT', ConsistentRead: true }))).Count);
  if (!(await eventually(settled, STREAM_LAG_MS))) throw new Error(`${unchained} audit entries of ${businessId} still unchained after ${STREAM_LAG_MS / 1000} s`);
}

/** The outbox items of a business, read straight from the table. */
export async function outboxOf(businessId: string): Promise<Record<string, unknown>[]> {
  useRuntimeTable();
  const { db, tableName } = await import('../../shared/platform/db/client.ts');
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const result = await db().send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `BIZ#${businessId}#EVT` }, ConsistentRead: true }),
  );
  const events = result.Items ?? [];
  await expectEventPayloads(events);
  return events;
}

/** Every outbox event a test reads must carry the payload its name's schema describes (events/payloads.ts). */
export async function expectEventPayloads(events: readonly Record<string, unknown>[]): Promise<void> {
  const { EVENT_PAYLOADS } = await import('../../events/payloads.ts');
  const v = await import('valibot');
  for (const event of events) {
    const schema = EVENT_PAYLOADS[event.type as keyof typeof EVENT_PAYLOADS];
    if (!schema) continue; // the service's own events (webhook.redeliver) are not in the catalogue
    const parsed = v.safeParse(schema, event.data);
    if (!parsed.success) throw new Error(`outbox event ${String(event.type)} carries data its schema refuses: ${parsed.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`).join('; ')}`);
  }
}

// Every schema of the description with its component references resolved: the description is the contract.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema({ $id: 'components', $defs: description.components.schemas });
const validators = new Map<string, ValidateFunction>();
const resolved = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components#/$defs/'));

/**
 * Every JSON answer an integration test observes must match the schema the OpenAPI description gives for its
 * route and status: a handler that answers more, less or another shape than its contract says fails the test.
 */
export function expectDescribedBody(method: string, path: string, status: number, contentType: string | null, body: unknown): void {
  const match = matchRoute(method, new URL(path, 'http://localhost').pathname);
  if (match.kind !== 'route' || match.route.auth === 'browser' || !contentType?.includes('json')) return;
  const schema = description.paths[match.route.path]?.[match.route.method.toLowerCase()]?.responses[String(status)]?.content?.['application/json']?.schema;
  if (!schema) return;
  const key = `${match.route.id} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(resolved(schema) as object);
    validators.set(key, validate);
  }
  if (!validate(body)) throw new Error(`${method} ${path} answered ${status} with a body its OpenAPI schema refuses: ${ajv.errorsText(validate.errors)}`);
}

/** A POST as a business that must create (201): the created resource. */
export async function createdBy(business: { readonly key: string }, path: string, body: unknown) {
  const answer = await call('POST', path, { key: business.key, body });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.data;
}

/** A GET as a business that must succeed (200): its data. */
export async function readBy(business: { readonly key: string }, path: string) {
  const answer = await call('GET', path, { key: business.key });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data;
}

/** A property test's seed: the commit's own (so a run repeats on its commit), or the clock's outside a clone. */
export function seedOfCommit(): number {
  try {
    return Number.parseInt(execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).slice(0, 8), 16) % 2 ** 31;
  } catch {
    return Date.now() % 2 ** 31;
  }
}
