import { describe, expect, it } from 'vitest';
import type { Id } from '../../shared/platform/core/ids.ts';
import { CookieBrowser, formFields } from '../integration/oauth-flow.ts';
import { freshBusiness, uniqueName, useRuntimeTable } from '../integration/support.ts';

const PASSWORD = 'correct horse battery staple 7';

async function person() {
  useRuntimeTable();
  const business = await freshBusiness();
  const { createUser } = await import('../../shared/access/members/members.ts');
  const user = await createUser({ email: `${uniqueName('session').replace(/\s/g, '-')}@example.test`, name: 'Session user', password: PASSWORD, memberships: [{ business_id: business.id as Id, role: 'owner' }] });
  return { user, business };
}

/** A browser signed in as the user, on the dashboard. */
async function signedIn(email: string, browser = new CookieBrowser()) {
  const answer = await browser.signIn(email, PASSWORD, '/dashboard');
  expect(answer.status).toBe(303);
  return browser;
}

const onDashboard = async (browser: CookieBrowser) => (await browser.request('GET', '/dashboard')).status === 200;
const sessionCookie = (browser: CookieBrowser) => (browser as unknown as { jar: Map<string, string> }).jar.get('session');

/** Moves the session's last request `minutes` into the past, as if the browser had been idle that long. */
async function lastRequestAgo(browser: CookieBrowser, minutes: number) {
  const { db, tableName } = await import('../../shared/platform/db/client.ts');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { oauthArtifactKey } = await import('../../shared/access/oauth/artifacts.ts');
  const { hashSecret } = await import('../../shared/access/oauth/secrets.ts');
  await db().send(new UpdateCommand({ TableName: tableName(), Key: oauthArtifactKey('SESSION', hashSecret(sessionCookie(browser)!)), UpdateExpression: 'SET last_seen_ms = :then', ExpressionAttributeValues: { ':then': Date.now() - minutes * 60 * 1000 } }));
}

describe('dashboard sessions', () => {
  it('signing in again ends the session the browser had', async () => {
    const { user } = await person();
    const browser = await signedIn(user.email);
    const first = sessionCookie(browser)!;
    await signedIn(user.email, browser);
    expect(sessionCookie(browser)).not.toBe(first);
    expect(await onDashboard(browser)).toBe(true);
    const stale = new CookieBrowser();
    (stale as unknown as { jar: Map<string, string> }).jar.set('session', first);
    expect(await onDashboard(stale)).toBe(false);
  });

  it('ends after 30 minutes without a request (the 8 h bound kept)', async () => {
    const { user } = await person();
    const browser = await signedIn(user.email);
    expect(await onDashboard(browser)).toBe(true);
    await lastRequestAgo(browser, 31);
    expect(await onDashboard(browser)).toBe(false);
  });

  it('a request within the 30 minutes keeps it going', async () => {
    const { user } = await person();
    const browser = await signedIn(user.email);
    await lastRequestAgo(browser, 29);
    expect(await onDashboard(browser)).toBe(true);
    expect(await onDashboard(browser)).toBe(true);
  });

  it('"sign out everywhere" ends every session of the user, in every browser', async () => {
    const { user } = await person();
    const laptop = await signedIn(user.email);
    const phone = await signedIn(user.email);
    const other = await person();
    const someoneElse = await signedIn(other.user.email);
    const page = await laptop.request('GET', '/dashboard');
    const form = [...page.text.matchAll(/<form method="post" action="\/dashboard\/sign-out-everywhere">([\s\S]*?)<\/form>/g)][0];
    expect(form, 'the header offers it').toBeDefined();
    const answer = await laptop.request('POST', '/dashboard/sign-out-everywhere', formFields(form![1]!).hidden);
    expect(answer.status).toBe(303);
    expect(await onDashboard(laptop)).toBe(false);
    expect(await onDashboard(phone)).toBe(false);
    expect(await onDashboard(someoneElse)).toBe(true);
    // Signing in again works.
    expect(await onDashboard(await signedIn(user.email))).toBe(true);
  });
});

describe('dashboard postings and the quota', () => {
  it("count against the business's postings quota: past it, a 429 page with Retry-After, and nothing posted", async () => {
    const { user, business } = await person();
    const { call } = await import('../integration/support.ts');
    const customer = (await call('POST', '/api/v1/customers', { key: business.key, body: { name: 'Quota customer' } })).body.data.id;
    const { secondsLeft } = await import('../../shared/platform/limits/rate-limits.ts');
    const { setRateLimits } = await import('../../shared/access/businesses/rate-limits.ts');
    // All in one minute's window, started with at least 20 s of it left: two postings by API, one by the dashboard.
    while (secondsLeft(Date.now()) < 20) await new Promise((resolve) => setTimeout(resolve, 250));
    await setRateLimits(business.id as Id, { postings: 3 });
    const invoices: string[] = [];
    for (const price of [10, 20]) invoices.push((await call('POST', '/api/v1/invoices', { key: business.key, body: { customer_id: customer, invoice_date: '2026-11-01', lines: [{ description: 'Work', quantity: 1, unit_price: price }] } })).body.data.id);
    const browser = await signedIn(user.email);
    const voidFrom = async (invoice: string) => {
      // The page's void button opens the confirmation, whose form voids.
      const page = await browser.request('GET', `/dashboard/invoices/${invoice}/void`);
      const form = /<form method="post" action="\/dashboard\/invoices\/[^"]+\/void" class="inline">([\s\S]*?)<\/form>/.exec(page.text)!;
      return browser.request('POST', `/dashboard/invoices/${invoice}/void`, formFields(form[1]!).hidden);
    };
    expect((await voidFrom(invoices[0]!)).status).toBe(303);
    const refused = await voidFrom(invoices[1]!);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.text).toContain('quota');
    const status = async (invoice: string) => (await call('GET', `/api/v1/invoices/${invoice}`, { key: business.key })).body.data.status;
    expect(await status(invoices[0]!)).toBe('Voided');
    expect(await status(invoices[1]!)).toBe('Open');
    // Reading pages is not a posting: the dashboard still opens.
    expect(await onDashboard(browser)).toBe(true);
  });
});

describe("the dashboard's shell", () => {
  it('remembers the business it found in the header cookie, so the next page reads the membership and the name beside the session: two round trips fewer', async () => {
    const { user, business } = await person();
    const cookie = sessionCookie(await signedIn(user.email))!;
    const { db } = await import('../../shared/platform/db/client.ts');
    const { handler } = await import('../../functions/parties/pages/customers.ts');
    const { lambdaContext } = await import('../../infra/local/http-adapter.ts');
    const { recordCallSpans } = await import('../load/round-trip-chain.ts');
    const spans = recordCallSpans(db().middlewareStack);
    const page = (cookies: string[]) => {
      const event = { version: '2.0', routeKey: 'GET /dashboard/customers', rawPath: '/dashboard/customers', rawQueryString: '', cookies, headers: { host: 'localhost' }, requestContext: { apiId: 'local', domainName: 'localhost', http: { method: 'GET', path: '/dashboard/customers', sourceIp: '127.0.0.1' } }, isBase64Encoded: false };
      return spans.during(async () => (await handler(event as never, lambdaContext('dashboard.customers'))) as { statusCode: number; cookies?: string[] });
    };
    try {
      const first = await page([`session=${cookie}`]);
      expect(first.result.statusCode).toBe(200);
      const remembered = first.result.cookies?.find((set) => set.includes('dashboard_business='));
      expect(remembered).toMatch(new RegExp(`dashboard_business=${business.id};`));
      const second = await page([`session=${cookie}`, remembered!.split(';')[0]!]);
      expect(second.result.statusCode).toBe(200);
      expect(second.result.cookies ?? []).not.toContainEqual(expect.stringContaining('dashboard_business='));
      // Without the cookie the shell reads the session, then the memberships, then the business; with it, all at once.
      expect(first.sequential - second.sequential).toBe(2);
    } finally {
      db().middlewareStack.remove('callSpans');
    }
  });
  it("starts a ranked page's first read (its walk's root) beside the session, and uses it only in a business the user belongs to", async () => {
    const { user, business } = await person();
    const stranger = await person();
    const { parties } = await import('../../shared/parties/index.ts');
    // More than 400 past page 2's start: page 2 is walked down the rank tree, not read backwards from the end.
    const names = Array.from({ length: 430 }, (_, index) => `Customer ${String(index).padStart(3, '0')}`);
    for (let at = 0; at < names.length; at += 25) await Promise.all(names.slice(at, at + 25).map((name) => parties('customer').create(business.id as Id, { name })));
    const { db } = await import('../../shared/platform/db/client.ts');
    const { handler } = await import('../../functions/parties/pages/customers.ts');
    const { lambdaContext } = await import('../../infra/local/http-adapter.ts');
    const { recordCallSpans } = await import('../load/round-trip-chain.ts');
    const spans = recordCallSpans(db().middlewareStack);
    const session = `session=${sessionCookie(await signedIn(user.email))!}`;
    const page = (query: string, picked: string) => {
      const event = { version: '2.0', routeKey: 'GET /dashboard/customers', rawPath: '/dashboard/customers', rawQueryString: query, queryStringParameters: Object.fromEntries(new URLSearchParams(query)), cookies: [session, `dashboard_business=${picked}`], headers: { host: 'localhost' }, requestContext: { apiId: 'local', domainName: 'localhost', http: { method: 'GET', path: '/dashboard/customers', sourceIp: '127.0.0.1' } }, isBase64Encoded: false };
      return spans.during(async () => (await handler(event as never, lambdaContext('dashboard.customers'))) as { statusCode: number; body: string });
    };
    const shown = (body: string) => names.filter((name) => body.includes(`>${name}<`));
    try {
      const first = await page('', business.id);
      const second = await page('page=2', business.id);
      expect([first.result.statusCode, second.result.statusCode]).toEqual([200, 200]);
      expect(shown(first.result.body)).toEqual(names.slice(0, 25));
      expect(shown(second.result.body)).toEqual(names.slice(25, 50));
      // The first page reads its records once the session stands; the second walks one level of the tree, beside it.
      expect(second.sequential).toBe(first.sequential);
      // The header names a business the user does not belong to: what was read of it beside the session is left, and
      // the page is the user's own business's: two round trips to find it (its membership, then its name), one for the walk.
      const elsewhere = await page('page=2', stranger.business.id);
      expect(elsewhere.result.statusCode).toBe(200);
      expect(shown(elsewhere.result.body)).toEqual(names.slice(25, 50));
      expect(elsewhere.sequential).toBe(second.sequential + 3);
    } finally {
      db().middlewareStack.remove('callSpans');
    }
  }, 60_000);
});

describe('a user of many businesses', () => {
  it('costs one business read per dashboard request, however many businesses the user belongs to', async () => {
    useRuntimeTable();
    const businesses = await Promise.all(Array.from({ length: 30 }, () => freshBusiness()));
    const { createUser } = await import('../../shared/access/members/members.ts');
    const user = await createUser({ email: `${uniqueName('many').replace(/\s/g, '-')}@example.test`, name: 'Accountant of many', password: PASSWORD, memberships: businesses.map((business) => ({ business_id: business.id as Id, role: 'accountant' as const })) });
    const browser = await signedIn(user.email);
    const cookie = sessionCookie(browser)!;
    const { db } = await import('../../shared/platform/db/client.ts');
    const { handler } = await import('../../functions/parties/pages/customers.ts');
    const { lambdaContext } = await import('../../infra/local/http-adapter.ts');
    const { BUSINESS_SORT_KEY } = await import('../../shared/platform/db/keys.ts');
    let businessReads = 0;
    const countBusinessKeys = (value: unknown) => {
      businessReads += (JSON.stringify(value).match(new RegExp(`"sk":"${BUSINESS_SORT_KEY}"`, 'g')) ?? []).length;
    };
    db().middlewareStack.add(
      (next) => async (args) => {
        countBusinessKeys(args.input);
        return next(args);
      },
      { step: 'initialize', name: 'businessReads' },
    );
    try {
      const event = { version: '2.0', routeKey: 'GET /dashboard/customers', rawPath: '/dashboard/customers', rawQueryString: '', cookies: [`session=${cookie}`], headers: { host: 'localhost' }, requestContext: { apiId: 'local', domainName: 'localhost', http: { method: 'GET', path: '/dashboard/customers', sourceIp: '127.0.0.1' } }, isBase64Encoded: false };
      const answer = (await handler(event as never, lambdaContext('dashboard.customers'))) as { statusCode: number; body: string };
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('Switch business');
    } finally {
      db().middlewareStack.remove('businessReads');
    }
    expect(businessReads).toBe(1);
    // The picker is a page of its own, read a page at a time (25 by default), where any of them can be opened.
    const picker = await browser.request('GET', '/dashboard/businesses');
    expect(picker.status).toBe(200);
    // Every business of the page but the one open now has its button.
    expect((picker.text.match(/action="\/dashboard\/business"/g) ?? []).length).toBe(24);
    expect(picker.text).toContain('Open now');
    const second = await browser.request('GET', '/dashboard/businesses?page=2');
    expect((second.text.match(/action="\/dashboard\/business"/g) ?? []).length).toBe(5);
    const forms = [...second.text.matchAll(/<form method="post" action="\/dashboard\/business"[^>]*>([\s\S]*?)<\/form>/g)].map((match) => formFields(match[1]!).hidden);
    const chosen = forms.at(-1)!;
    const last = businesses.find((business) => business.id === chosen.business_id)!;
    expect(last).toBeDefined();
    expect((await browser.request('POST', '/dashboard/business', chosen)).status).toBe(303);
    const { getBusiness } = await import('../../shared/access/businesses/businesses.ts');
    expect((await browser.request('GET', '/dashboard/customers')).text).toContain((await getBusiness(last.id as Id)).name);
  });
});

describe('connected apps of the business', () => {
  it("an owner sees every member's apps with who connected them, and may disconnect any; a member sees and disconnects only their own", async () => {
    const { user: owner, business } = await person();
    const { createUser } = await import('../../shared/access/members/members.ts');
    const accountant = await createUser({ email: `${uniqueName('accountant').replace(/\s/g, '-')}@example.test`, name: 'Accountant', password: PASSWORD, memberships: [{ business_id: business.id as Id, role: 'accountant' }] });
    const { authorize, exchange } = await import('../integration/oauth-flow.ts');
    const { call } = await import('../integration/support.ts');
    const connect = async (email: string) => (await exchange(new URL(await authorize({ email, password: PASSWORD, businessId: business.id })).searchParams.get('code')!)).body;
    const accountantsApp = await connect(accountant.email);
    const ownersApp = await connect(owner.email);
    const { verifyAccessToken } = await import('../../shared/access/oauth/token-verification.ts');
    const grantOf = async (tokens: { access_token: string }) => (await verifyAccessToken(tokens.access_token))!.grantId;
    const revokeForm = (page: string, grantId: string) => {
      const form = new RegExp(`<form method="post" action="/dashboard/settings/connected-apps/${grantId}/revoke" class="inline">([\\s\\S]*?)</form>`).exec(page);
      return form ? formFields(form[1]!).hidden : undefined;
    };

    const ownerBrowser = await signedIn(owner.email);
    const accountantBrowser = await signedIn(accountant.email);
    const asAccountant = await accountantBrowser.request('GET', '/dashboard/settings/connected-apps');
    expect(revokeForm(asAccountant.text, await grantOf(accountantsApp))).toBeDefined();
    expect(revokeForm(asAccountant.text, await grantOf(ownersApp))).toBeUndefined();
    // The owner's grant, posted by the accountant with their own form token: answered as if it did not exist.
    const borrowed = { ...revokeForm(asAccountant.text, await grantOf(accountantsApp))! };
    expect((await accountantBrowser.request('POST', `/dashboard/settings/connected-apps/${await grantOf(ownersApp)}/revoke`, borrowed)).status).toBe(404);
    expect((await call('GET', '/api/v1/customers', { key: ownersApp.access_token })).status).toBe(200);

    const asOwner = await ownerBrowser.request('GET', '/dashboard/settings/connected-apps');
    expect(asOwner.text).toContain(accountant.email);
    const form = revokeForm(asOwner.text, await grantOf(accountantsApp));
    expect(form).toBeDefined();
    expect((await ownerBrowser.request('POST', `/dashboard/settings/connected-apps/${await grantOf(accountantsApp)}/revoke`, form!)).status).toBe(303);
    expect((await call('GET', '/api/v1/customers', { key: accountantsApp.access_token })).status).toBe(401);
    expect((await ownerBrowser.request('GET', '/dashboard/settings/connected-apps')).text).not.toContain(accountant.email);
  });
});
