import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authorize, authorizeUrl, clientCredentials, CookieBrowser, exchange, formFields, token } from '../integration/oauth-flow.ts';
import { businessA, businessB, call, freshBusiness, runtime, uniqueName, useRuntimeTable } from '../integration/support.ts';
import type { Id } from '../../shared/platform/core/ids.ts';

const codeOf = (url: URL) => url.searchParams.get('code')!;
/** A new business and its owner, signed in through the consent screen: the tokens it issued, for that business only. */
async function ownerOfFreshBusiness() {
  const business = await freshBusiness();
  const { createUser } = await import('../../shared/access/members/members.ts');
  const password = 'a long enough password 42';
  const user = await createUser({ email: `${uniqueName('owner').replace(' ', '-')}@example.test`, name: 'Fresh owner', password, memberships: [{ business_id: business.id as never, role: 'owner' }] });
  const issued = (await exchange(codeOf(await authorize({ email: user.email, password, businessId: business.id })))).body;
  return { business, user, issued };
}

const api = (accessToken: string, path: string, method = 'GET', body?: unknown) => call(method, path, { key: accessToken, ...(body ? { body } : {}) });

describe('authorization code grant', () => {
  it('issues tokens exactly as spec 2.5 says, never cached, with the granted scopes; an unticked scope is refused with 403', async () => {
    const redirect = await authorize({ untick: ['sales_customers:create'], state: 'xyz-1', businessId: businessA.id });
    expect(redirect.origin + redirect.pathname).toBe(runtime.credentials.client.redirect_uri);
    expect(redirect.searchParams.get('state')).toBe('xyz-1');
    const answer = await exchange(codeOf(redirect));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(answer.body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
    expect(answer.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const scopes = answer.body.scope.split(' ');
    expect(scopes).toContain('sales_customers:read');
    expect(scopes).not.toContain('sales_customers:create');
    expect((await api(answer.body.access_token, '/api/v1/customers')).status).toBe(200);
    const refused = await api(answer.body.access_token, '/api/v1/customers', 'POST', { name: 'Not allowed' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'insufficient_scope', details: [{ field: 'scope', message: 'sales_customers:create' }] });
  });

  it('cancel sends the browser back with error=access_denied and the state', async () => {
    const redirect = await authorize({ decision: 'cancel', state: 'cancel-me' });
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe('cancel-me');
    expect(redirect.searchParams.get('code')).toBeNull();
  });

  it('accepts form bodies and HTTP Basic client authentication as RFC 6749 says', async () => {
    const redirect = await authorize();
    const { client } = runtime.credentials;
    const answer = await token({ grant_type: 'authorization_code', code: codeOf(redirect), redirect_uri: client.redirect_uri }, { basic: [client.client_id, client.client_secret] });
    expect(answer.status).toBe(200);
    expect(answer.body.access_token).toBeTruthy();
  });

  it('enforces PKCE (S256) for a code that was requested with it, and never requires it otherwise', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const withPkce = codeOf(await authorize({ codeChallenge: challenge }));
    expect((await exchange(withPkce, { code_verifier: 'wrong-verifier-wrong-verifier-wrong-verifier' })).body.error).toBe('invalid_grant');
    const again = codeOf(await authorize({ codeChallenge: challenge }));
    expect((await exchange(again)).body.error).toBe('invalid_grant');
    const right = codeOf(await authorize({ codeChallenge: challenge }));
    expect((await exchange(right, { code_verifier: verifier })).status).toBe(200);
  });

  it('limits granted scopes to the user\'s rights in the chosen business (a viewer gets reads only)', async () => {
    useRuntimeTable();
    const { createUser } = await import('../../shared/access/members/members.ts');
    const viewer = { email: `viewer-${Date.now()}@example.test`, password: 'correct horse battery' };
    await createUser({ ...viewer, name: 'Viewer', memberships: [{ business_id: businessA.id as never, role: 'viewer' }] });
    const answer = await exchange(codeOf(await authorize(viewer)));
    expect(answer.status).toBe(200);
    const scopes: string[] = answer.body.scope.split(' ');
    expect(scopes.length).toBeGreaterThan(0);
    expect(scopes.every((scope) => scope.endsWith(':read'))).toBe(true);
  });
});

describe('the RFC 9700 matrix', () => {
  it('a code used twice fails and revokes what the first use issued', async () => {
    const code = codeOf(await authorize());
    const first = await exchange(code);
    expect(first.status).toBe(200);
    expect((await api(first.body.access_token, '/api/v1/customers')).status).toBe(200);
    const second = await exchange(code);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    expect((await api(first.body.access_token, '/api/v1/customers')).status).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token, ...clientCredentials() })).body.error).toBe('invalid_grant');
  });

  it('20 parallel redemptions of one code: exactly one succeeds', async () => {
    const code = codeOf(await authorize());
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchange(code)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) expect(answer.body.error).toBe('invalid_grant');
  });

  it('an expired code fails', async () => {
    const code = codeOf(await authorize());
    useRuntimeTable();
    const { oauthArtifactKey } = await import('../../shared/access/oauth/artifacts.ts');
    const { hashSecret } = await import('../../shared/access/oauth/secrets.ts');
    const { WriteTransaction } = await import('../../shared/platform/db/transaction.ts');
    const tx = new WriteTransaction();
    tx.update('age', oauthArtifactKey('CODE', hashSecret(code)), { expression: 'SET expires_at = :past', values: { ':past': Math.floor(Date.now() / 1000) - 1 } });
    await tx.commit();
    expect((await exchange(code)).body.error).toBe('invalid_grant');
  });

  it.each([
    ['a trailing slash', (uri: string) => `${uri}/`],
    ['another case', (uri: string) => uri.replace('callback', 'Callback')],
    ['an extra query', (uri: string) => `${uri}?next=1`],
    ['another scheme', (uri: string) => uri.replace('http:', 'https:')],
  ])('a redirect_uri differing by %s is an error page at authorize and invalid_grant at the token endpoint', async (_label, change) => {
    const registered = runtime.credentials.client.redirect_uri;
    const page = await new CookieBrowser().request('GET', authorizeUrl({ redirectUri: change(registered) }));
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.headers.get('content-type')).toContain('text/html');
    const code = codeOf(await authorize());
    const answer = await exchange(code, { redirect_uri: change(registered) });
    expect(answer.body.error).toBe('invalid_grant');
  });

  it('an unknown client_id is an error page, never a redirect', async () => {
    const page = await new CookieBrowser().request('GET', authorizeUrl({ clientId: '00000000-0000-4000-8000-000000000000' }));
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
  });

  it('a wrong client secret is 401 invalid_client', async () => {
    const code = codeOf(await authorize());
    const answer = await exchange(code, { client_secret: 'cs_wrong' });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe('invalid_client');
    expect(answer.headers.get('www-authenticate')).toContain('Basic');
    expect((await exchange(code)).status).toBe(200);
  });

  it('refresh rotates both tokens; reusing a rotated refresh token kills the newer one too', async () => {
    const issued = (await exchange(codeOf(await authorize()))).body;
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, ...clientCredentials() }, { json: true });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(issued.refresh_token);
    expect(refreshed.body.access_token).not.toBe(issued.access_token);
    const reuse = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, ...clientCredentials() });
    expect(reuse.body.error).toBe('invalid_grant');
    expect((await token({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token, ...clientCredentials() })).body.error).toBe('invalid_grant');
    expect((await api(refreshed.body.access_token, '/api/v1/customers')).status).toBe(401);
  });

  it('a revoked access token is rejected on the next call; revoke answers 200 for unknown tokens too', async () => {
    const issued = (await exchange(codeOf(await authorize()))).body;
    expect((await api(issued.access_token, '/api/v1/customers')).status).toBe(200);
    const revoke = (body: Record<string, string>) => fetch(`${runtime.baseUrl}/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await revoke({ token: issued.access_token, ...clientCredentials() })).status).toBe(200);
    expect((await api(issued.access_token, '/api/v1/customers')).status).toBe(401);
    expect((await revoke({ token: 'rt_unknown', ...clientCredentials() })).status).toBe(200);
    expect((await revoke({ token: issued.refresh_token, client_id: clientCredentials().client_id, client_secret: 'wrong' })).status).toBe(401);
    expect((await revoke({ token: issued.refresh_token, ...clientCredentials() })).status).toBe(200);
    expect((await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, ...clientCredentials() })).body.error).toBe('invalid_grant');
  });

  it("a revoked access token spends nothing of its business's quota: only what authenticates is counted", async () => {
    // A business of its own, whose owner signs in for the token: nothing else calls it, so its counter is this test's.
    const { business, issued } = await ownerOfFreshBusiness();
    const { countRequest } = await import('../../shared/access/businesses/rate-limits.ts');
    // Reading the counter counts one request itself.
    const usedNow = async () => (await countRequest(business.id as never, false)).usage.api;
    expect((await api(issued.access_token, '/api/v1/customers')).status).toBe(200);
    const revoke = (body: Record<string, string>) => fetch(`${runtime.baseUrl}/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // Revoking the refresh token ends the grant, and with it the access token.
    expect((await revoke({ token: issued.refresh_token, ...clientCredentials() })).status).toBe(200);
    const before = await usedNow();
    for (let call = 0; call < 5; call++) expect((await api(issued.access_token, '/api/v1/customers')).status).toBe(401);
    // The counter moved by this test's own read only, not by the five refused calls.
    expect(await usedNow()).toBe(before + 1);
  });

  it("a refresh re-checks the user's membership and role: scopes shrink with the role, and a removed member's refresh fails", async () => {
    const { business, user, issued } = await ownerOfFreshBusiness();
    expect(issued.scope.split(' ')).toContain('sales_invoices:create');
    const { db, tableName } = await import('../../shared/platform/db/client.ts');
    const { DeleteCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { membershipKey } = await import('../../shared/access/members/memberships.ts');
    // The membership item alone is changed (not through the members routes, which also end the grant): the refresh's own check is what is tested.
    const key = membershipKey(user.id, business.id as Id);
    await db().send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'SET #role = :viewer', ExpressionAttributeNames: { '#role': 'role' }, ExpressionAttributeValues: { ':viewer': 'viewer' } }));
    const asViewer = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, ...clientCredentials() });
    expect(asViewer.status, JSON.stringify(asViewer.body)).toBe(200);
    const scopes: string[] = asViewer.body.scope.split(' ');
    expect(scopes.length).toBeGreaterThan(0);
    expect(scopes.every((scope) => scope.endsWith(':read'))).toBe(true);
    expect((await api(asViewer.body.access_token, '/api/v1/customers', 'POST', { name: 'Not as a viewer' })).status).toBe(403);

    await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
    const removed = await token({ grant_type: 'refresh_token', refresh_token: asViewer.body.refresh_token, ...clientCredentials() });
    expect(removed.status).toBe(400);
    expect(removed.body.error).toBe('invalid_grant');
  });

  it("a token of business A never reaches business B's records", async () => {
    const forA = (await exchange(codeOf(await authorize({ businessId: businessA.id })))).body.access_token;
    const ofB = (await call('POST', '/api/v1/customers', { key: businessB.api_key, body: { name: 'B only' } })).body.data.id;
    const unknown = await api(forA, '/api/v1/customers/00000000-0000-4000-8000-000000000000');
    const foreign = await api(forA, `/api/v1/customers/${ofB}`);
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(unknown.text);
    expect(JSON.stringify((await api(forA, '/api/v1/customers?page_size=200')).body)).not.toContain(ofB);
  });

  it('a refresh may narrow the scope; asking for more than was granted is invalid_scope', async () => {
    const issued = (await exchange(codeOf(await authorize({ scope: 'sales_customers:read finance_ledger:read' })))).body;
    const wider = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, scope: 'sales_customers:read sales_customers:create', ...clientCredentials() });
    expect(wider.status).toBe(400);
    expect(wider.body.error).toBe('invalid_scope');
    const narrower = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, scope: 'finance_ledger:read', ...clientCredentials() });
    expect(narrower.status).toBe(200);
    expect(narrower.body.scope).toBe('finance_ledger:read');
    expect((await api(narrower.body.access_token, '/api/v1/customers')).status).toBe(403);
    expect((await api(narrower.body.access_token, '/api/v1/reports/trial-balance')).status).toBe(200);
  });

  it.each([
    [{ grant_type: 'password' }, 'unsupported_grant_type'],
    [{}, 'invalid_request'],
    [{ grant_type: 'authorization_code' }, 'invalid_request'],
  ])('answers %j with %s in the RFC 6749 shape', async (body, error) => {
    const answer = await token({ ...body, ...clientCredentials() } as Record<string, string>);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(error);
  });
});

describe("the user's own side", () => {
  it('lists connected apps in the dashboard settings of the picked business and revokes one with a form carrying the CSRF token', async () => {
    const issued = (await exchange(codeOf(await authorize({ businessId: businessB.id })))).body;
    const browser = new CookieBrowser();
    const first = await browser.request('GET', '/oauth/connections');
    expect(first.status).toBe(301);
    expect(first.location).toBe('/dashboard/settings/connected-apps');
    expect((await browser.request('GET', first.location!)).status).toBe(302);
    const signedIn = await browser.signIn(runtime.credentials.user.email, runtime.credentials.user.password, first.location!);
    expect(signedIn.location).toBe('/dashboard/settings/connected-apps');
    const { hidden } = formFields((await browser.request('GET', signedIn.location!)).text);
    expect((await browser.request('POST', '/dashboard/business', { csrf: hidden.csrf!, business_id: businessB.id })).status).toBe(303);
    const page = await browser.request('GET', '/dashboard/settings/connected-apps');
    expect(page.text).toContain(businessB.name);
    const forms = [...page.text.matchAll(/<form method="post" action="(\/dashboard\/settings\/connected-apps\/[^"]+\/revoke)"/g)].map(([, action]) => action!);
    expect(forms.length).toBeGreaterThan(0);
    const forgery = await browser.request('POST', forms.at(-1)!, { csrf: 'forged' });
    expect(forgery.status).toBe(403);
    expect((await api(issued.access_token, '/api/v1/customers')).status).toBe(200);
    // The newest grant of business B is this test's: revoke it and its token stops at once.
    const revoked = await browser.request('POST', forms.at(-1)!, { csrf: hidden.csrf! });
    expect(revoked.status).toBe(303);
    expect((await api(issued.access_token, '/api/v1/customers')).status).toBe(401);
  });

  it('a wrong password or a forged sign-in form does not sign in', async () => {
    const browser = new CookieBrowser();
    const wrong = await browser.signIn(runtime.credentials.user.email, 'not the password', '/oauth/connections');
    expect(wrong.status).toBe(401);
    const forged = await browser.request('POST', '/oauth/sign-in', { csrf: 'forged', email: runtime.credentials.user.email, password: runtime.credentials.user.password });
    expect(forged.status).toBe(400);
    expect((await browser.request('GET', '/dashboard/settings/connected-apps')).status).toBe(302);
  });
});

describe('API keys', () => {
  it('creates a key shown once with its scopes, lists it by hint only, and revokes it at once', async () => {
    const created = await call('POST', '/api/v1/api-keys', { body: { name: 'Reporting', scopes: ['finance_ledger:read'], options: [] } });
    expect(created.status).toBe(201);
    expect(created.body.data.key).toMatch(/^ak_/);
    const key = created.body.data.key as string;
    expect((await call('GET', '/api/v1/reports/trial-balance', { key })).status).toBe(200);
    expect((await call('GET', '/api/v1/customers', { key })).status).toBe(403);
    const listed = JSON.stringify((await call('GET', '/api/v1/api-keys?page_size=200')).body.data);
    expect(listed).toContain(created.body.data.id);
    expect(listed).not.toContain(key);
    expect(listed).not.toContain('secret_hash');
    expect((await call('DELETE', `/api/v1/api-keys/${created.body.data.id}`)).status).toBe(200);
    expect((await call('GET', '/api/v1/reports/trial-balance', { key })).status).toBe(401);
    expect((await call('POST', '/api/v1/api-keys', { body: { name: 'Bad', scopes: ['everything:all'] } })).status).toBe(400);
  });
});
