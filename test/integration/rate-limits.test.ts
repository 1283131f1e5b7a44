import { describe, expect, it } from 'vitest';
import { setRateLimits } from '../../shared/access/businesses/rate-limits.ts';
import type { Id } from '../../shared/platform/core/ids.ts';
import { secondsLeft } from '../../shared/platform/limits/rate-limits.ts';
import { call, freshBusiness, useRuntimeTable } from './support.ts';

async function limitedBusiness(limits: { api?: number; postings?: number }) {
  const business = await freshBusiness();
  useRuntimeTable();
  await setRateLimits(business.id as Id, limits);
  return business;
}

/** Waits for a minute with at least 15 s left, so that a short burst falls in one window. */
async function freshWindow() {
  while (secondsLeft(Date.now()) < 15) await new Promise((resolve) => setTimeout(resolve, 250));
}

const field = (answer: { headers: Headers }, name: string) => answer.headers.get(name) ?? '';

describe('per-business rate limits', () => {
  it('every answer carries RateLimit-Policy and RateLimit, counting down within the minute, refusals included', async () => {
    const { key } = await limitedBusiness({ api: 50 });
    await freshWindow();
    const first = await call('GET', '/api/v1/customers', { key });
    const notFound = await call('GET', '/api/v1/customers/00000000-0000-4000-8000-000000000000', { key });
    const invalid = await call('POST', '/api/v1/customers', { key, body: { name: '' } });
    expect(notFound.status).toBe(404);
    expect(invalid.status).toBe(400);
    for (const answer of [first, notFound, invalid]) expect(field(answer, 'ratelimit-policy')).toBe('"api";q=50;w=60');
    expect([first, notFound, invalid].map((answer) => field(answer, 'ratelimit').replace(/;t=\d+$/, ''))).toEqual(['"api";r=49', '"api";r=48', '"api";r=47']);
    const reset = Number(/;t=(\d+)$/.exec(field(first, 'ratelimit'))?.[1]);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
  });

  it('only a request whose credential is good is counted: a revoked key spends nothing of its business’s quota', async () => {
    const business = await limitedBusiness({ api: 50 });
    const { issueApiKey } = await import('../../shared/access/keys/api-keys.ts');
    const { SCOPES } = await import('../../shared/platform/http/scopes.ts');
    const other = await issueApiKey(business.id as Id, { name: 'other', scopes: SCOPES, options: [] });
    await freshWindow();
    expect((await call('DELETE', `/api/v1/api-keys/${business.keyId}`, { key: other.key })).status).toBe(200);
    for (let attempt = 0; attempt < 5; attempt++) expect((await call('GET', '/api/v1/customers', { key: business.key })).status).toBe(401);
    expect((await call('GET', '/api/v1/customers', { key: 'ak_forged_and_unknown' })).status).toBe(401);
    // The revocation and this call are the window's only counted requests.
    expect(field(await call('GET', '/api/v1/customers', { key: other.key }), 'ratelimit').replace(/;t=\d+$/, '')).toBe('"api";r=48');
  });

  it('past the API quota: 429 rate_limited with Retry-After, and nothing written', async () => {
    const business = await limitedBusiness({ api: 4 });
    await freshWindow();
    const answers = [];
    for (let index = 0; index < 7; index++) answers.push(await call('POST', '/api/v1/customers', { key: business.key, body: { name: `Limited ${index}` } }));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 429, 429, 429]);
    const refused = answers[4]!;
    expect(refused.body).toMatchObject({ error: 'rate_limited', details: [] });
    expect(Number(field(refused, 'retry-after'))).toBeGreaterThanOrEqual(1);
    expect(field(refused, 'ratelimit')).toMatch(/^"api";r=0;t=\d+$/);
    await setRateLimits(business.id as Id, { api: 100 });
    expect((await call('GET', '/api/v1/customers', { key: business.key })).body.data.pagination.total_count).toBe(4);
    // Without overrides the business is back on the service's defaults (lifted for this suite).
    await setRateLimits(business.id as Id, {});
    expect(field(await call('GET', '/api/v1/customers', { key: business.key }), 'ratelimit-policy')).toBe('"api";q=1000000;w=60');
  });

  it('postings have a quota of their own: past it a posting is refused while reads and other writes go on', async () => {
    const business = await limitedBusiness({ api: 100, postings: 2 });
    await freshWindow();
    const customer = (await call('POST', '/api/v1/customers', { key: business.key, body: { name: 'Poster' } })).body.data.id;
    const invoice = () => call('POST', '/api/v1/invoices', { key: business.key, body: { customer_id: customer, invoice_date: '2026-11-01', lines: [{ description: 'x', quantity: 1, unit_price: 1 }] } });
    const [one, two, three] = [await invoice(), await invoice(), await invoice()];
    expect([one.status, two.status, three.status]).toEqual([201, 201, 429]);
    expect(field(one, 'ratelimit-policy')).toBe('"api";q=100;w=60, "postings";q=2;w=60');
    expect(field(three, 'ratelimit')).toMatch(/^"api";r=\d+;t=\d+, "postings";r=0;t=\d+$/);
    expect(three.body.error_description).toContain('postings');
    expect((await call('POST', '/api/v1/customers', { key: business.key, body: { name: 'Still fine' } })).status).toBe(201);
    const list = await call('GET', '/api/v1/invoices', { key: business.key });
    expect(list.body.data.pagination.total_count).toBe(2);
    expect(field(list, 'ratelimit-policy')).toBe('"api";q=100;w=60');
  });

  it('one business at its quota does not limit another', async () => {
    const busy = await limitedBusiness({ api: 1 });
    const quiet = await limitedBusiness({ api: 10 });
    await freshWindow();
    expect((await call('GET', '/api/v1/customers', { key: busy.key })).status).toBe(200);
    expect((await call('GET', '/api/v1/customers', { key: busy.key })).status).toBe(429);
    expect((await call('GET', '/api/v1/customers', { key: quiet.key })).status).toBe(200);
  });

  it('a busy instance counts ahead in leases: every request still gets its own place in the window, and near the limit each is counted alone', async () => {
    useRuntimeTable();
    const { db, tableName } = await import('../../shared/platform/db/client.ts');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { rateStateKey } = await import('../../shared/platform/db/keys.ts');
    const { countRequest } = await import('../../shared/access/businesses/rate-limits.ts');
    const { newId } = await import('../../shared/platform/core/ids.ts');
    let counts = 0;
    db().middlewareStack.add((next, context) => async (args) => {
      if (context.commandName === 'UpdateItemCommand') counts++;
      return next(args);
    }, { step: 'initialize', name: 'leaseTestCounts' });
    const stored = async (businessId: Id) => (await db().send(new GetCommand({ TableName: tableName(), Key: rateStateKey(businessId) }))).Item ?? {};

    await freshWindow();
    const busy = newId();
    const places: number[] = [];
    for (let request = 0; request < 80; request++) places.push((await countRequest(busy, false)).usage.api);
    // One after another, each request is the next in the window, as when each was counted alone…
    expect(places).toEqual(Array.from({ length: 80 }, (_, index) => index + 1));
    // …but most were counted ahead, several at a time, and at most one lease (16) is counted and not yet used.
    expect(counts).toBeLessThan(40);
    const apiCount = Number((await stored(busy)).api_count);
    expect(apiCount).toBeGreaterThanOrEqual(80);
    expect(apiCount).toBeLessThanOrEqual(80 + 16);

    // Side by side, every request still gets a place of its own.
    const side = await Promise.all(Array.from({ length: 40 }, () => countRequest(busy, false)));
    expect(new Set(side.map((counted) => counted.usage.api)).size).toBe(40);
    expect(Math.min(...side.map((counted) => counted.usage.api))).toBeGreaterThan(80);

    // A quota of 5 postings: each is counted on its own, so the sixth is the one refused and nothing is left over.
    const small = newId();
    await setRateLimits(small, { postings: 5 });
    counts = 0;
    const postings: number[] = [];
    for (let request = 0; request < 8; request++) postings.push((await countRequest(small, true)).usage.postings);
    expect(postings).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(Number((await stored(small)).postings_count)).toBe(8);
    db().middlewareStack.remove('leaseTestCounts');
  });
});
