import { describe, expect, it } from 'vitest';
import { call, freshBusiness, outboxOf, useRuntimeTable } from './support.ts';

/** Every refused request leaves the business exactly as it was: no record, no counter change, no event. */
describe('refused requests write nothing', () => {
  async function snapshot(business: { id: string; key: string }) {
    const list = await call('GET', '/api/v1/customers?page_size=200', { key: business.key });
    return { total: list.body.data.pagination.total_count as number, names: (list.body.data.items as { name: string }[]).map((c) => c.name), events: (await outboxOf(business.id)).length };
  }

  it.each([
    ['malformed JSON', { rawBody: '{"name": "Half' }, 400],
    ['wrong Content-Type', { rawBody: '{"name":"Typed"}', contentType: 'text/plain' }, 415],
    ['no Content-Type', { rawBody: '{"name":"Untyped"}', contentType: null }, 415],
    ['an unknown field', { body: { name: 'Unknown field', colour: 'red' } }, 400],
    ['a body over 1 MiB', { rawBody: JSON.stringify({ name: 'Big', tax_number: 'x'.repeat(1_100_000) }) }, 413],
    ['no credential', { body: { name: 'Anonymous' }, key: null }, 401],
  ] as const)('%s', async (_label, options, status) => {
    const business = await freshBusiness();
    const before = await snapshot(business);
    const answer = await call('POST', '/api/v1/customers', { key: business.key, ...options });
    expect(answer.status).toBe(status);
    expect(await snapshot(business)).toEqual(before);
  });

  it('a key revoked through the API is refused at once on the instance that revoked it, and writes nothing', async () => {
    const business = await freshBusiness();
    useRuntimeTable();
    const { issueApiKey } = await import('../../shared/access/keys/api-keys.ts');
    const { SCOPES } = await import('../../shared/platform/http/scopes.ts');
    const admin = await issueApiKey(business.id, { name: 'admin', scopes: SCOPES, options: [] });
    // The key is in the runtime's credential cache from here on.
    expect((await call('GET', '/api/v1/customers', { key: business.key })).status).toBe(200);
    const before = await snapshot(business);
    expect((await call('DELETE', `/api/v1/api-keys/${business.keyId}`, { key: admin.key })).status).toBe(200);
    const answer = await call('POST', '/api/v1/customers', { key: business.key, body: { name: 'After revocation' } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('invalid_token');
    expect(await snapshot({ id: business.id, key: admin.key })).toEqual(before);
  });

  it('a key revoked by another instance is refused within the 5 s credential bound', async () => {
    const business = await freshBusiness();
    useRuntimeTable();
    const { revokeApiKey } = await import('../../shared/access/keys/api-keys.ts');
    expect((await call('GET', '/api/v1/customers', { key: business.key })).status).toBe(200);
    // This test process stands for another Lambda instance: the runtime's cache does not hear of it.
    expect(await revokeApiKey(business.id, business.keyId)).toBe(true);
    const revokedAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - revokedAt < 7_000) {
      status = (await call('GET', '/api/v1/customers', { key: business.key })).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThanOrEqual(5_200);
  }, 15_000);
});
