import { describe, expect, it } from 'vitest';
import { authorizeUrl, CookieBrowser, clientCredentials } from './oauth-flow.ts';
import { requestFrom } from './from-address.ts';
import { businessA, call, expectDescribedBody, expectDocumentedStatus, expectEventPayloads, freshBusiness, outboxOf, runtime } from './support.ts';

async function send(method: string, path: string, init: { headers?: Record<string, string>; body?: Uint8Array<ArrayBuffer> | string } = {}) {
  const response = await fetch(`${runtime.baseUrl}${path}`, { method, redirect: 'manual', headers: init.headers, body: init.body });
  expectDocumentedStatus(method, path, response.status);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const bearer = { authorization: `Bearer ${businessA.api_key}` };

describe('media types, bodies and parameters, as a strict client sends them', () => {
  it.each(['Application/JSON', 'application/json ;charset=utf-8', 'APPLICATION/JSON; Charset="UTF-8"', 'application/merge-patch+json'])('accepts Content-Type %j (media types are case-insensitive)', async (contentType) => {
    const answer = await call('POST', '/api/v1/customers', { body: { name: `Typed ${contentType}` }, contentType });
    expect(answer.status).toBe(201);
  });

  it('refuses a charset other than UTF-8 with 415', async () => {
    expect((await call('POST', '/api/v1/customers', { body: { name: 'Latin' }, contentType: 'application/json; charset=iso-8859-1' })).status).toBe(415);
  });

  it('refuses invalid UTF-8 in a JSON body with 400, and writes nothing', async () => {
    const business = await freshBusiness();
    const bytes = new Uint8Array([...Buffer.from('{"name":"Caf'), 0xc3, 0x28, ...Buffer.from('"}')]);
    const answer = await send('POST', '/api/v1/customers', { headers: { authorization: `Bearer ${business.key}`, 'content-type': 'application/json' }, body: bytes });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ error: 'validation_error', details: [{ field: 'body', message: 'must be valid UTF-8' }] });
    expect((await call('GET', '/api/v1/customers', { key: business.key })).body.data.pagination.total_count).toBe(0);
    expect(await outboxOf(business.id)).toHaveLength(0);
  });

  it.each([
    ['/api/v1?foo=1', null],
    ['/api/v1/accounts?foo=1', businessA.api_key],
    ['/api/v1/webhooks/events?foo=1', businessA.api_key],
    ['/api/v1/customers/00000000-0000-4000-8000-000000000000?foo=1', businessA.api_key],
  ])('refuses the unknown parameter of %s with 400 naming it', async (path, key) => {
    const answer = await call('GET', path, { key });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([{ field: 'foo', message: 'is not a known parameter' }]);
  });

  it('lets an integrator subscribe to every name the live catalogue lists, ping included', async () => {
    const catalogue = (await call('GET', '/api/v1/webhooks/events')).body.data as { name: string }[];
    expect(catalogue.map((event) => event.name)).toContain('ping');
    const answer = await call('POST', '/api/v1/webhooks/endpoints', { body: { url: 'http://127.0.0.1:9/all', events: catalogue.map((event) => event.name) } });
    expect(answer.status).toBe(201);
    await call('DELETE', `/api/v1/webhooks/endpoints/${answer.body.data.id}`);
  });

  it('answers a body over 1 MiB at the token endpoint with 413', async () => {
    const answer = await send('POST', '/oauth/token', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=refresh_token&refresh_token=${'x'.repeat(1_100_000)}` });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text).error).toBe('invalid_request');
  });

  it('answers a revocation with 200 and no content, not an empty "JSON" body', async () => {
    const answer = await send('POST', '/oauth/revoke', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: 'rt_unknown', ...clientCredentials() }) });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    expect(answer.headers.get('content-type')).toBeNull();
  });
});

describe('malformed credentials and cookies get a 4xx, never a 5xx', () => {
  it('answers Basic client credentials that are not valid percent-encoding with 401 invalid_client', async () => {
    const basic = Buffer.from('%E0%A4%A:x').toString('base64');
    const answer = await send('POST', '/oauth/token', { headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` }, body: 'grant_type=refresh_token&refresh_token=x' });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text).error).toBe('invalid_client');
  });

  it.each(['/oauth/sign-in', '/dashboard', '/dashboard/settings/connected-apps', authorizeUrl()])('treats a session cookie that is not valid percent-encoding as no session on %s', async (path) => {
    const answer = await send('GET', path, { headers: { cookie: 'session=%E0%A4%A; pre_csrf=%' } });
    expect(answer.status).toBeLessThan(500);
  });

  it('treats a malformed session cookie as no session on the pages that post too', async () => {
    for (const path of ['/oauth/authorize', '/dashboard/settings/connected-apps/00000000-0000-4000-8000-000000000000/revoke', '/dashboard/receipts', '/oauth/sign-in']) {
      const answer = await send('POST', path, { headers: { cookie: 'session=%E0%A4%A', 'content-type': 'application/x-www-form-urlencoded' }, body: 'csrf=%E0%A4%A' });
      expect(answer.status).toBeLessThan(500);
    }
  });
});

describe('security headers', () => {
  it('sends X-Content-Type-Options: nosniff on every kind of answer', async () => {
    const answers = [
      await send('GET', '/api/v1'),
      await send('GET', '/api/v1/customers', { headers: bearer }),
      await send('GET', '/api/v1/customers'),
      await send('GET', '/api/v1/no-such-thing'),
      await send('DELETE', '/api/v1/customers'),
      await send('GET', '/oauth/sign-in'),
      await send('GET', authorizeUrl()),
      await send('POST', '/oauth/token', { headers: { 'content-type': 'application/json' }, body: '{}' }),
      await send('POST', '/oauth/revoke', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: 'x', ...clientCredentials() }) }),
      await send('POST', '/rails/00000000-0000-4000-8000-000000000000/payout-confirmations', { headers: { 'content-type': 'application/json' }, body: '{}' }),
    ];
    for (const answer of answers) expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('limits form-action to this service, and on the consent page to the one redirect_uri’s origin besides', async () => {
    const signIn = await send('GET', '/oauth/sign-in');
    expect(signIn.headers.get('content-security-policy')).toContain("form-action 'self';");
    const browser = new CookieBrowser();
    const first = await browser.request('GET', authorizeUrl());
    const returnTo = new URL(first.location!, runtime.baseUrl).searchParams.get('return_to')!;
    const signedIn = await browser.signIn(runtime.credentials.user.email, runtime.credentials.user.password, returnTo);
    const consent = await browser.request('GET', signedIn.location!);
    expect(consent.status).toBe(200);
    const policy = consent.headers.get('content-security-policy')!;
    expect(policy).toContain(`form-action 'self' ${new URL(runtime.credentials.client.redirect_uri).origin};`);
    expect(policy).not.toMatch(/form-action[^;]*\*/);
    // The consent screen says plainly what events:read reaches; the local runtime (plain HTTP) sends no HSTS.
    expect(consent.text).toContain('events:read</span></label><p class="muted scope-note">This scope reads every record the events carry');
    expect(consent.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('money past exact arithmetic is refused', () => {
  it('refuses a line amount over the published maximum, naming the field', async () => {
    const customer = (await call('POST', '/api/v1/customers', { body: { name: 'Big spender' } })).body.data.id;
    const answer = await call('POST', '/api/v1/invoices', { body: { customer_id: customer, invoice_date: '2026-01-01', lines: [{ description: 'Too much', quantity: 1, unit_price: 90071992547409.91 }] } });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([{ field: 'lines[0].unit_price', message: 'must be at most 999999999999.99' }]);
  });

  it('refuses a document whose lines add up to more than the maximum, and one line whose quantity times price does', async () => {
    const customer = (await call('POST', '/api/v1/customers', { body: { name: 'Bigger spender' } })).body.data.id;
    const line = { description: 'Half a trillion and more', quantity: 1, unit_price: 600_000_000_000 };
    const total = await call('POST', '/api/v1/invoices', { body: { customer_id: customer, invoice_date: '2026-01-01', lines: [line, line] } });
    expect(total.status).toBe(400);
    expect(total.body.details).toEqual([{ field: 'lines', message: 'must add up to at most 999999999999.99' }]);
    const product = await call('POST', '/api/v1/invoices', { body: { customer_id: customer, invoice_date: '2026-01-01', lines: [{ ...line, quantity: 2 }] } });
    expect(product.status).toBe(400);
    expect(product.body.details[0].field).toBe('lines[0]');
    const atLimit = await call('POST', '/api/v1/invoices', { body: { customer_id: customer, invoice_date: '2026-01-01', lines: [{ description: 'All of it', quantity: 1, unit_price: 999_999_999_999.99 }] } });
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.data.total).toBe(999_999_999_999.99);
  });
});

describe('a forged token header', () => {
  it('naming an unknown kid is refused with 401, like any other bad token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'ES256', kid: 'forged-kid', typ: 'at+jwt' })).toString('base64url');
    const answer = await call('GET', '/api/v1/customers', { key: `${header}.e30.c2ln` });
    expect(answer.status).toBe(401);
  });
});

describe('requests from a fixed address', () => {
  it('the local runtime sees the loopback address a request came from', async () => {
    const answer = await requestFrom('127.0.20.1', 'GET', '/api/v1');
    expect(answer.status).toBe(200);
  });
});

describe('the contract sweeps can fail', () => {
  it('refuses an answer whose body its OpenAPI schema does not describe', () => {
    const path = '/api/v1/customers/00000000-0000-4000-8000-000000000000';
    expect(() => expectDescribedBody('GET', path, 200, 'application/json', { status: 'success', message: 'Customer', data: { id: 7 } })).toThrow(/schema refuses/);
    expect(() => expectDescribedBody('GET', path, 404, 'application/json', { error: 'not_found' })).toThrow(/schema refuses/);
    expect(() => expectDocumentedStatus('GET', path, 418)).toThrow(/does not list/);
  });

  it('refuses an outbox event whose data its name’s schema does not describe', async () => {
    await expect(expectEventPayloads([{ type: 'customer.created', data: { id: 'not-a-party' } }])).rejects.toThrow(/schema refuses/);
    await expect(expectEventPayloads([{ type: 'ping', data: { endpoint_id: '00000000-0000-4000-8000-000000000000', message: 'hi' } }])).resolves.toBeUndefined();
  });
});
