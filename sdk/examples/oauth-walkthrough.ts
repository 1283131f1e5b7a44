/**
 * The OAuth walkthrough without a browser: this script plays the app (PKCE, code exchange, refresh, an API call
 * with the token, revocation) and its redirect receiver (listening on the client's registered `redirect_uri`),
 * and signs in and approves the consent screen as the seeded user would, by submitting the same HTML forms.
 *
 *   npm start                      # in another terminal
 *   npx tsx sdk/examples/oauth-walkthrough.ts
 *
 * It reads the client and the user from `dev-credentials.json` under DATA_DIR (default `.data`); the tests run
 * `oauthWalkthrough` against the local runtime.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve } from 'node:path';

interface DevCredentials {
  readonly base_url: string;
  readonly user: { readonly email: string; readonly password: string };
  readonly client: { readonly client_id: string; readonly client_secret: string; readonly redirect_uri: string };
}

const htmlText = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** What a browser would submit from a page's form: its hidden fields, ticked boxes and the first business. */
function formOf(html: string): URLSearchParams {
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g)) form.append(htmlText(name!), htmlText(value!));
  for (const [, value] of html.matchAll(/<input type="checkbox" name="granted" value="([^"]+)" checked\s*\/?>/g)) form.append('granted', htmlText(value!));
  const business = /<input type="radio" name="business_id" value="([^"]+)"/.exec(html);
  if (business) form.append('business_id', business[1]!);
  return form;
}

/** The user's side: a cookie jar and forms, redirects followed one by one (each is a step of the flow). */
function browser(baseUrl: string) {
  const cookies = new Map<string, string>();
  return async (url: string, form?: URLSearchParams) => {
    const response = await fetch(new URL(url, baseUrl), {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form?.toString(),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return { status: response.status, location: response.headers.get('location'), html: await response.text() };
  };
}

/** The app's redirect receiver: resolves with the query of the first request to the registered redirect_uri. */
async function redirectReceiver(redirectUri: string) {
  const target = new URL(redirectUri);
  let deliver: (query: URLSearchParams) => void = () => undefined;
  const received = new Promise<URLSearchParams>((done) => (deliver = done));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', redirectUri);
    if (url.pathname !== target.pathname) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/plain' }).end('Connected. You can close this window.');
    deliver(url.searchParams);
  });
  await new Promise<void>((done, fail) => server.once('error', fail).listen(Number(target.port), target.hostname, done));
  return { received, close: () => new Promise<void>((done) => server.close(() => done())) };
}

export async function oauthWalkthrough(credentials: DevCredentials, log: (line: string) => void = console.log) {
  const { base_url: baseUrl, client, user } = credentials;
  const receiver = await redirectReceiver(client.redirect_uri);
  try {
    // 1. The app sends the user to the consent screen, with PKCE and a state it will check.
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(16).toString('base64url');
    const authorize = new URL('/oauth/authorize', baseUrl);
    authorize.search = new URLSearchParams({ client_id: client.client_id, redirect_uri: client.redirect_uri, response_type: 'code', state, scope: 'sales_customers:read sales_invoices:read', code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' }).toString();
    log(`1. authorize: ${authorize}`);

    // 2. The user signs in and approves (what a person does in the browser).
    const go = browser(baseUrl);
    const first = await go(authorize.toString());
    const signInPage = await go(first.location!);
    const signedIn = await go('/oauth/sign-in', new URLSearchParams([...formOf(signInPage.html), ['email', user.email], ['password', user.password]]));
    if (signedIn.status !== 303) throw new Error(`sign-in answered ${signedIn.status}`);
    const consent = await go(signedIn.location!);
    const approved = await go('/oauth/authorize', new URLSearchParams([...formOf(consent.html), ['decision', 'approve']]));
    if (!approved.location?.startsWith(client.redirect_uri)) throw new Error(`consent answered ${approved.status} ${approved.location}`);
    log(`2. signed in as ${user.email} and approved`);

    // 3. The browser lands on the app's redirect receiver with the code.
    await fetch(approved.location);
    const query = await receiver.received;
    if (query.get('state') !== state) throw new Error('state does not match');
    log('3. the redirect receiver got the code');

    // 4. The app exchanges the code (client authentication by HTTP Basic), calls the API, refreshes, revokes.
    const basic = `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`;
    const token = async (body: Record<string, string>) => {
      const response = await fetch(new URL('/oauth/token', baseUrl), { method: 'POST', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) });
      const answer = (await response.json()) as { access_token: string; refresh_token: string; scope: string; error?: string };
      if (!response.ok) throw new Error(`token endpoint: ${response.status} ${answer.error}`);
      return answer;
    };
    const tokens = await token({ grant_type: 'authorization_code', code: query.get('code')!, redirect_uri: client.redirect_uri, code_verifier: verifier });
    log(`4. tokens for: ${tokens.scope}`);
    const customers = await fetch(new URL('/api/v1/customers', baseUrl), { headers: { authorization: `Bearer ${tokens.access_token}` } });
    log(`5. GET /api/v1/customers with the access token: ${customers.status}`);
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    log('6. refreshed (the refresh token rotates)');
    await fetch(new URL('/oauth/revoke', baseUrl), { method: 'POST', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: refreshed.refresh_token }) });
    const afterRevoke = await fetch(new URL('/api/v1/customers', baseUrl), { headers: { authorization: `Bearer ${refreshed.access_token}` } });
    log(`7. revoked: the access token now gets ${afterRevoke.status}`);
    return { scope: tokens.scope, apiStatus: customers.status, afterRevokeStatus: afterRevoke.status };
  } finally {
    await receiver.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const credentials = JSON.parse(readFileSync(resolve(process.env.DATA_DIR ?? '.data', 'dev-credentials.json'), 'utf8')) as DevCredentials;
  await oauthWalkthrough(credentials);
}
