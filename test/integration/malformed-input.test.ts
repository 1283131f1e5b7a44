import type { Id } from '../../shared/platform/core/ids.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { requestFrom } from './from-address.ts';
import { call, chainSettled, freshBusiness, postingAs } from './support.ts';

/** Every item of one business, read straight from the table once its audit chain is settled: the proof that a refused request wrote nothing. */
async function businessItems(businessId: string): Promise<string[]> {
  const { rateStateKey } = await import('../../shared/platform/db/keys.ts');
  await chainSettled(businessId);
  const { db, tableName } = await import('../../shared/platform/db/client.ts');
  const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
  const items: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: tableName(), FilterExpression: 'begins_with(pk, :prefix)', ExpressionAttributeValues: { ':prefix': `BIZ#${businessId}` }, ConsistentRead: true, ExclusiveStartKey: start }));
    // The rate-limit counter counts every request, refused ones included: it meters requests, it holds no data.
    items.push(...(page.Items ?? []).filter((item) => item.pk !== rateStateKey(businessId as Id).pk).map((item) => JSON.stringify(item)));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.sort();
}

// ASCII a request line may carry as it is, '%' garbage included; Node's client refuses anything else there.
const urlChar = fc.constantFrom(...'abcXYZ019-._~!$&\'()*+,;=:@%/?[]"<>\\^`{|}'.split(''));
const badPercent = fc.constantFrom('%', '%E0%A4%A', '%zz', '%00', '%FF%FE', '%C3%28', '%ED%A0%80', '%2e%2e%2f');
const urlText = fc.array(fc.oneof(urlChar, badPercent), { maxLength: 12 }).map((parts) => parts.join(''));
// Header values: any printable Latin-1 (what HTTP/1.1 lets a client send), no CR, LF or NUL.
const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((code) => code !== 0x7f).map((code) => String.fromCharCode(code)), maxLength: 40 });

const bodies = fc.oneof(
  fc.constant(undefined),
  fc.uint8Array({ maxLength: 64 }),
  fc.constantFrom('{"name": "Half', '[]', 'null', '"text"', '{"a":1}{', '\u0000', '{"name":"\\ud800"}'),
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
  fc.constant(new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])),
);

/** A body an optional-body route could take as a request of its own: none, empty, or a JSON object (`{}` is its defaults). */
function couldBeWellFormed(body: string | Uint8Array | undefined): boolean {
  if (body === undefined || body.length === 0) return true;
  try {
    const value: unknown = JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body));
    return value === null || (typeof value === 'object' && !Array.isArray(value));
  } catch {
    return false;
  }
}
// A route that needs no body and names no record (making an audit export) writes when sent nothing: it is sent only bodies it must refuse.
const refusedBodies = bodies.filter((body) => !couldBeWellFormed(body));

describe('malformed input never gets a 5xx and never writes', () => {
  it('holds for headers, cookies, path parameters, query strings and bodies sent to every row of the route table', async () => {
    const business = await freshBusiness();
    const before = await businessItems(business.id);
    // Mostly the business's own good key, so that most requests get past authentication to the body's validation.
    const authorization = fc.oneof(
      { weight: 3, arbitrary: fc.constant(`Bearer ${business.key}`) },
      { weight: 1, arbitrary: fc.constantFrom(undefined, 'Bearer ak_unknown', 'Bearer a.b.c', 'Bearer eyJhbGciOiJFUzI1NiIsImtpZCI6Im5vIn0.e30.c2ln', 'Basic JUUwJUE0JUE6eA==', 'Basic %%%', 'Bearer') },
    );
    const contentType = fc.oneof(fc.constantFrom(undefined, 'application/json', 'Application/JSON; charset=utf-8', 'application/json; charset=latin1', 'application/x-www-form-urlencoded', 'text/plain', 'application/json;;;=', 'multipart/form-data; boundary='), headerText);
    const cookie = fc.oneof(fc.constantFrom(undefined, 'session=%E0%A4%A', 'pre_csrf=x; session=', 'session', '=;=;='), headerText);
    const requestWith = (body: fc.Arbitrary<string | Uint8Array | undefined>) =>
      fc.record({ authorization, contentType, cookie, idempotencyKey: fc.option(headerText), railSignature: fc.option(headerText), pathParam: fc.oneof(fc.uuid(), urlText.filter((text) => text.length > 0 && !/[/?#]/.test(text))), query: urlText, body });
    let sent = 0;
    let withKey = 0;

    for (const route of routes) {
      if (route.id === 'fallback') continue;
      const writesWithoutBody = route.method === 'POST' && !route.path.includes('{') && 'contract' in route && 'optionalBody' in route.contract && route.contract.optionalBody === true;
      await fc.assert(
        fc.asyncProperty(requestWith(writesWithoutBody ? refusedBodies : bodies), async (input) => {
          const path = route.path.replace(/\{\w+\}/g, () => input.pathParam);
          const headers: Record<string, string> = {};
          if (input.authorization) headers.authorization = input.authorization;
          if (input.contentType) headers['content-type'] = input.contentType;
          if (input.cookie) headers.cookie = input.cookie;
          if (input.idempotencyKey) headers['idempotency-key'] = input.idempotencyKey;
          if (input.railSignature) headers['rail-signature'] = input.railSignature;
          const method = route.method;
          // requestFrom also fails the run on any status the OpenAPI description does not list for the route.
          const answer = await requestFrom('127.0.30.1', method, `${path}${input.query ? `?${input.query}` : ''}`, { headers, body: method === 'GET' ? undefined : input.body });
          sent += 1;
          if (input.authorization === `Bearer ${business.key}`) withKey += 1;
          expect(answer.status, `${method} ${path}?${input.query} ${JSON.stringify(headers)}`).toBeLessThan(500);
        }),
        { numRuns: 8, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
      );
    }
    expect(sent).toBeGreaterThanOrEqual((routes.length - 1) * 8);
    expect(withKey / sent).toBeGreaterThan(0.6);
    expect(await businessItems(business.id)).toEqual(before);
  }, 240_000);
});

/**
 * The third security round's probes, each as the class it stands for: outside input parsed in bounded time, imported
 * lines under the rules of a line sent directly, rates and currencies that only a 4xx answers. Every one is
 * refused with a 4xx that names what is wrong, and none writes anything.
 */
describe("the security review's probes never get a 5xx, never hold the server and never write", () => {
  it('statement imports: hostile OFX is refused in well under a second while another business is served at once; rows past the published limits are 400 naming the row', async () => {
    const business = await freshBusiness();
    const other = await freshBusiness();
    const account = (await postingAs(business.key)('/api/v1/bank-feeds/accounts', { name: 'Probe bank', kind: 'bank' })).id as string;
    const before = await businessItems(business.id);
    const imports = (body: unknown) => call('POST', `/api/v1/bank-feeds/accounts/${account}/imports`, { key: business.key, body });
    const hostile = [
      'OFXHEADER:100\n<OFX><AAAAAAAAAAAAAAAAAAAAAAAAAA>x',
      `OFXHEADER:100\n<OFX><${'A'.repeat(40)}>x`,
      `OFXHEADER:100\n<OFX><A ${'a'.repeat(200_000)}`,
      `<?xml version="1.0"?><?OFX OFXHEADER="200"?><OFX><A ${'a'.repeat(200_000)}`,
      `<?xml version="1.0"?><!DOCTYPE OFX [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><OFX>&lol2;</OFX>`,
    ];
    for (const content of hostile) {
      const started = Date.now();
      const [answer, neighbour] = await Promise.all([imports({ format: 'ofx', content }), call('GET', '/api/v1/customers', { key: other.key })]);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.details[0].field).toBe('content');
      expect(neighbour.status).toBe(200);
      expect(Date.now() - started, content.slice(0, 60)).toBeLessThan(1_000);
    }
    const csv = (rows: string[]) => imports({ format: 'csv', content: ['date,amount,description,id', ...rows].join('\n'), mapping: { date: 'date', amount: 'amount', description: 'description', external_id: 'id' } });
    const overCap = await csv(['2026-05-01,1.00,ok,', '2026-05-02,90071992547409.91,too much,']);
    expect(overCap.status, overCap.text).toBe(400);
    expect(overCap.body.details).toEqual([{ field: 'line 3', message: expect.stringContaining('amount must be at most') }]);
    const longText = await csv([`2026-05-01,1.00,${'d'.repeat(300_000)},`, `2026-05-02,1.00,ok,${'i'.repeat(200_000)}`]);
    expect(longText.status, longText.text).toBe(400);
    expect(longText.body.details.map((detail: { field: string }) => detail.field)).toEqual(['line 2', 'line 3']);
    // 46 lines of 9.5 KB, queued, once overflowed an item (500 "Item size has exceeded").
    const heavy = await csv(Array.from({ length: 46 }, (_, index) => `2026-05-01,1.00,${'x'.repeat(9_500)},row-${index}`));
    expect(heavy.status, heavy.text).toBe(400);
    expect(heavy.body.details[0]).toEqual({ field: 'line 2', message: expect.stringContaining('description must be at most 500 characters') });
    expect(await businessItems(business.id)).toEqual(before);
  });

  it('text that is not valid Unicode (a lone surrogate half, which JSON can carry) is 400 naming the field on every record route, and writes nothing', async () => {
    const business = await freshBusiness();
    const before = await businessItems(business.id);
    for (const [path, body] of [
      ['/api/v1/customers', '{"name":"\\ud800"}'],
      ['/api/v1/vendors', '{"name":"\\ud800"}'],
      ['/api/v1/items', '{"name":"a\\udc00b","type":"service"}'],
      ['/api/v1/customers', '{"name":"\\udbff\\u0041"}'],
    ] as const) {
      const answer = await call('POST', path, { key: business.key, rawBody: body });
      expect(answer.status, `${path} ${body}: ${answer.text}`).toBe(400);
      expect(answer.body.details[0]).toEqual({ field: 'name', message: 'must be valid Unicode text' });
    }
    // A whole character made of both halves is text like any other.
    expect((await call('POST', '/api/v1/customers', { key: business.key, rawBody: '{"name":"\\ud83d\\ude00 Smile"}' })).status).toBe(201);
    expect((await businessItems(business.id)).length).toBeGreaterThan(before.length);
  });

  it('rates a DynamoDB number cannot hold and currencies that are not ISO 4217 are 400 naming the field, on every route that takes them', async () => {
    const business = await freshBusiness();
    const post = postingAs(business.key);
    const customer = (await post('/api/v1/customers', { name: 'Rate probe' })).id as string;
    const accounts = (await call('GET', '/api/v1/accounts', { key: business.key })).body.data as { id: string; code: string | null }[];
    const [first, second] = accounts;
    const before = await businessItems(business.id);
    for (const rate of [1e-300, 5e-324, 1e-10, 1e300, 1e10]) {
      const probes = [
        ['/api/v1/exchange-rates', { currency: 'EUR', date: '2026-05-01', rate }, 'rate'],
        ['/api/v1/journals', { date: '2026-05-01', narration: 'probe', currency: 'EUR', exchange_rate: rate, lines: [{ account_id: first!.id, debit: 1 }, { account_id: second!.id, credit: 1 }] }, 'exchange_rate'],
        ['/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-01', currency: 'EUR', exchange_rate: rate, lines: [{ description: 'x', quantity: 1, unit_price: 1 }] }, 'exchange_rate'],
        ['/api/v1/bank-feeds/accounts', { name: 'EUR bank', kind: 'bank', currency: 'EUR', opening_balance: 1, exchange_rate: rate }, 'exchange_rate'],
      ] as const;
      for (const [path, body, field] of probes) {
        const answer = await call('POST', path, { key: business.key, body });
        expect(answer.status, `${path} ${rate}: ${answer.text}`).toBe(400);
        expect(answer.body.details[0].field, `${path} ${rate}`).toBe(field);
      }
    }
    for (const currency of ['EU', 'usd', 'XXXX', '']) {
      const answer = await call('POST', '/api/v1/journals', { key: business.key, body: { date: '2026-05-01', narration: 'probe', currency, lines: [{ account_id: first!.id, debit: 1 }, { account_id: second!.id, credit: 1 }] } });
      expect(answer.status, `${currency}: ${answer.text}`).toBe(400);
      expect(answer.body.details[0].field).toBe('currency');
    }
    expect(await businessItems(business.id)).toEqual(before);
  });
});
