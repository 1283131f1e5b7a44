import type { Id } from '../../shared/domain/ids.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { requestFrom } from './from-address.ts';
import { freshBusiness, useRuntimeTable } from './support.ts';

/** Every item of one business, read straight from the table: the proof that a refused request wrote nothing. */
async function businessItems(businessId: string): Promise<string[]> {
  const { rateStateKey } = await import('../../shared/db/keys.ts');
  useRuntimeTable();
  const { db, tableName } = await import('../../shared/db/client.ts');
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
    const request = fc.record({ authorization, contentType, cookie, idempotencyKey: fc.option(headerText), railSignature: fc.option(headerText), pathParam: fc.oneof(fc.uuid(), urlText.filter((text) => text.length > 0 && !/[/?#]/.test(text))), query: urlText, body: bodies });
    let sent = 0;
    let withKey = 0;

    for (const route of routes) {
      if (route.id === 'fallback') continue;
      await fc.assert(
        fc.asyncProperty(request, async (input) => {
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
