import type { Id } from '../../shared/platform/core/ids.ts';
import { expectDescribedBody, expectDocumentedStatus, runtime } from './support.ts';

const unescapeHtml = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The hidden fields and checkbox values of the first form on a page. */
export function formFields(html: string) {
  const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g)].map(([, name, value]) => [unescapeHtml(name!), unescapeHtml(value!)]));
  const granted = [...html.matchAll(/<input type="checkbox" name="granted" value="([^"]+)" checked\s*\/?>/g)].map(([, value]) => unescapeHtml(value!));
  const businesses = [...html.matchAll(/<input type="radio" name="business_id" value="([^"]+)"/g)].map(([, value]) => value!);
  return { hidden, granted, businesses };
}

/** A browser without JavaScript: cookies kept, redirects followed by hand so each one can be checked. */
export class CookieBrowser {
  private readonly jar = new Map<string, string>();

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string | string[]>) {
    const body = form ? new URLSearchParams(Object.entries(form).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((item): [string, string] => [name, item]))).toString() : undefined;
    const response = await fetch(new URL(url, runtime.baseUrl), {
      method,
      redirect: 'manual',
      headers: { ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), cookie: [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      body,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1);
      if (value) this.jar.set(pair!.slice(0, at), value);
      else this.jar.delete(pair!.slice(0, at));
    }
    return { status: response.status, location: response.headers.get('location'), text: await response.text(), headers: response.headers };
  }

  /** Posts a form with a file as a browser does: multipart/form-data, the file under `file.name`. */
  async upload(url: string, fields: Record<string, string>, file: { name: string; filename: string; content: string; type: string }) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append(file.name, new Blob([file.content], { type: file.type }), file.filename);
    const response = await fetch(new URL(url, runtime.baseUrl), { method: 'POST', redirect: 'manual', headers: { cookie: [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ') }, body });
    return { status: response.status, location: response.headers.get('location'), text: await response.text(), headers: response.headers };
  }

  async signIn(email: string, password: string, returnTo: string) {
    const page = await this.request('GET', `/oauth/sign-in?return_to=${encodeURIComponent(returnTo)}`);
    const { hidden } = formFields(page.text);
    return this.request('POST', '/oauth/sign-in', { ...hidden, email, password });
  }
}

export interface AuthorizeOptions {
  readonly clientId?: string;
  readonly redirectUri?: string;
  readonly state?: string;
  readonly scope?: string;
  readonly untick?: readonly string[];
  readonly businessId?: string;
  readonly decision?: 'approve' | 'cancel';
  readonly codeChallenge?: string;
  readonly email?: string;
  readonly password?: string;
  /** Start from this authorization URL (as a client library built it) instead of building one. */
  readonly url?: string;
}

export function authorizeUrl(options: AuthorizeOptions = {}): string {
  const { client } = runtime.credentials;
  const query = new URLSearchParams({
    client_id: options.clientId ?? client.client_id,
    redirect_uri: options.redirectUri ?? client.redirect_uri,
    response_type: 'code',
    state: options.state ?? 'state-123',
    ...(options.scope ? { scope: options.scope } : {}),
    ...(options.codeChallenge ? { code_challenge: options.codeChallenge, code_challenge_method: 'S256' } : {}),
  });
  return `/oauth/authorize?${query}`;
}

/** The whole front channel: authorize, sign in, consent; answers where the browser was sent in the end. */
export async function authorize(options: AuthorizeOptions = {}): Promise<URL> {
  const browser = new CookieBrowser();
  const first = await browser.request('GET', options.url ?? authorizeUrl(options));
  if (first.status !== 302 || !first.location?.startsWith('/oauth/sign-in')) throw new Error(`expected a sign-in redirect, got ${first.status} ${first.location}`);
  const returnTo = new URL(first.location, runtime.baseUrl).searchParams.get('return_to')!;
  const signedIn = await browser.signIn(options.email ?? runtime.credentials.user.email, options.password ?? runtime.credentials.user.password, returnTo);
  if (signedIn.status !== 303) throw new Error(`sign-in failed: ${signedIn.status}`);
  const consent = await browser.request('GET', signedIn.location!);
  if (consent.status !== 200) throw new Error(`consent page: ${consent.status} ${consent.text.slice(0, 200)}`);
  const { hidden, granted, businesses } = formFields(consent.text);
  const answer = await browser.request('POST', '/oauth/authorize', {
    ...hidden,
    business_id: options.businessId ?? hidden.business_id ?? businesses[0]!,
    granted: granted.filter((scope) => !options.untick?.includes(scope)),
    decision: options.decision ?? 'approve',
  });
  if (answer.status !== 303 || !answer.location) throw new Error(`consent answer: ${answer.status} ${answer.text.slice(0, 200)}`);
  return new URL(answer.location);
}

export async function token(body: Record<string, string>, options: { json?: boolean; basic?: [string, string] } = {}) {
  const headers: Record<string, string> = { 'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded' };
  if (options.basic) headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(options.basic[0])}:${encodeURIComponent(options.basic[1])}`).toString('base64')}`;
  const response = await fetch(`${runtime.baseUrl}/oauth/token`, { method: 'POST', headers, body: options.json ? JSON.stringify(body) : new URLSearchParams(body).toString() });
  expectDocumentedStatus('POST', '/oauth/token', response.status);
  const answer = (await response.json()) as any;
  expectDescribedBody('POST', '/oauth/token', response.status, response.headers.get('content-type'), answer);
  return { status: response.status, headers: response.headers, body: answer };
}

export function clientCredentials() {
  const { client } = runtime.credentials;
  return { client_id: client.client_id, client_secret: client.client_secret };
}

export async function exchange(code: string, extra: Record<string, string> = {}) {
  return token({ grant_type: 'authorization_code', code, redirect_uri: runtime.credentials.client.redirect_uri, ...clientCredentials(), ...extra }, { json: true });
}

/** A new user with this role in the business, signed in to the dashboard in a browser of their own. */
export async function memberBrowser(businessId: string, role: 'owner' | 'accountant' | 'viewer'): Promise<CookieBrowser> {
  const { createUser } = await import('../../shared/access/members/members.ts');
  const password = 'correct horse battery staple 5';
  const user = await createUser({ email: `${role}-${Math.random().toString(36).slice(2, 10)}@example.test`, name: role, password, memberships: [{ business_id: businessId as Id, role }] });
  const browser = new CookieBrowser();
  const signedIn = await browser.signIn(user.email, password, '/dashboard');
  if (signedIn.status !== 303) throw new Error(`${role} could not sign in: ${signedIn.status}`);
  return browser;
}
