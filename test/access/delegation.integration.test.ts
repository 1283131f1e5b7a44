import { describe, expect, it } from 'vitest';
import { authorize, clientCredentials, exchange, token } from '../integration/oauth-flow.ts';
import { businessA, call, freshBusiness, runtime } from '../integration/support.ts';

const codeOf = (url: URL) => url.searchParams.get('code')!;

async function keyNames(key: string): Promise<string[]> {
  const listed = await call('GET', '/api/v1/api-keys?page_size=200', { key });
  return (listed.body.data.items as { name: string }[]).map((item) => item.name);
}

describe('a credential never hands out more than it holds', () => {
  it('a key holding only settings_api_keys:manage cannot create a key with other scopes or the webhooks option', async () => {
    const business = await freshBusiness({ scopes: ['settings_api_keys:manage'] });
    const before = await keyNames(business.key);
    const escalation = await call('POST', '/api/v1/api-keys', { key: business.key, body: { name: 'Escalated', scopes: ['sales_customers:read', 'finance_ledger:read'], options: ['webhooks'] } });
    expect(escalation.status).toBe(403);
    expect(escalation.body.error).toBe('insufficient_scope');
    expect(escalation.body.details).toEqual([
      { field: 'scopes', message: 'sales_customers:read' },
      { field: 'scopes', message: 'finance_ledger:read' },
      { field: 'options', message: 'webhooks' },
    ]);
    expect(escalation.body.error_description).toContain('finance_ledger:read');
    expect(await keyNames(business.key)).toEqual(before);
  });

  it('a key may hand out part of what it holds, and no more than that', async () => {
    const business = await freshBusiness({ scopes: ['settings_api_keys:manage', 'sales_customers:read'], options: ['webhooks'] });
    const narrower = await call('POST', '/api/v1/api-keys', { key: business.key, body: { name: 'Reader', scopes: ['sales_customers:read'], options: ['webhooks'] } });
    expect(narrower.status).toBe(201);
    expect(narrower.body.data.grant_id).toBeNull();
    const reader = narrower.body.data.key as string;
    expect((await call('GET', '/api/v1/customers', { key: reader })).status).toBe(200);
    expect((await call('GET', '/api/v1/webhooks/events', { key: reader })).status).toBe(200);
    expect((await call('GET', '/api/v1/reports/trial-balance', { key: reader })).status).toBe(403);
  });

  it('an OAuth token cannot create a key beyond its consented scopes, and a key it creates ends with its grant', async () => {
    const issued = (await exchange(codeOf(await authorize({ scope: 'sales_customers:read settings_api_keys:manage', businessId: businessA.id })))).body;
    const bearer = issued.access_token as string;
    const beyond = await call('POST', '/api/v1/api-keys', { key: bearer, body: { name: 'Ledger reader', scopes: ['finance_ledger:read'] } });
    expect(beyond.status).toBe(403);
    expect(beyond.body.details).toEqual([{ field: 'scopes', message: 'finance_ledger:read' }]);
    const webhooks = await call('POST', '/api/v1/api-keys', { key: bearer, body: { name: 'Webhooks', scopes: ['sales_customers:read'], options: ['webhooks'] } });
    expect(webhooks.status).toBe(403);

    const within = await call('POST', '/api/v1/api-keys', { key: bearer, body: { name: 'Customer reader', scopes: ['sales_customers:read'] } });
    expect(within.status).toBe(201);
    expect(within.body.data.grant_id).toMatch(/^[0-9a-f-]{36}$/);
    const delegated = within.body.data.key as string;
    expect((await call('GET', '/api/v1/customers', { key: delegated })).status).toBe(200);

    // A key made by that key inherits the grant too.
    const grandchild = await call('POST', '/api/v1/api-keys', { key: bearer, body: { name: 'Manager', scopes: ['settings_api_keys:manage', 'sales_customers:read'] } });
    const second = (await call('POST', '/api/v1/api-keys', { key: grandchild.body.data.key, body: { name: 'Second hand', scopes: ['sales_customers:read'] } })).body.data;
    expect(second.grant_id).toBe(within.body.data.grant_id);

    const revoke = await fetch(`${runtime.baseUrl}/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: issued.refresh_token, ...clientCredentials() }) });
    expect(revoke.status).toBe(200);
    expect((await call('GET', '/api/v1/customers', { key: bearer })).status).toBe(401);
    expect((await call('GET', '/api/v1/customers', { key: delegated })).status).toBe(401);
    expect((await call('GET', '/api/v1/customers', { key: second.key })).status).toBe(401);
  });

  it('a key created through a grant also ends when a rotated refresh token is used again', async () => {
    const issued = (await exchange(codeOf(await authorize({ scope: 'sales_customers:read settings_api_keys:manage', businessId: businessA.id })))).body;
    const delegated = (await call('POST', '/api/v1/api-keys', { key: issued.access_token, body: { name: 'Until reuse', scopes: ['sales_customers:read'] } })).body.data.key as string;
    expect((await call('GET', '/api/v1/customers', { key: delegated })).status).toBe(200);
    expect((await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, ...clientCredentials() })).status).toBe(200);
    expect((await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, ...clientCredentials() })).body.error).toBe('invalid_grant');
    expect((await call('GET', '/api/v1/customers', { key: delegated })).status).toBe(401);
  });
});
