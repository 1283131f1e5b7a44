import { describe, expect, it } from 'vitest';
import { requestFrom, signInFrom, type RawAnswer } from '../integration/from-address.ts';
import type { Id } from '../../shared/platform/core/ids.ts';
import { runtime, uniqueName, useRuntimeTable } from '../integration/support.ts';

async function newUser() {
  useRuntimeTable();
  const { createUser } = await import('../../shared/access/members/members.ts');
  const email = `${uniqueName('user').replace(/\s/g, '-')}@example.test`;
  const password = 'correct horse battery staple';
  await createUser({ email, name: 'Throttled', password, memberships: [{ business_id: runtime.credentials.businesses[0]!.id as Id, role: 'viewer' }] });
  return { email, password };
}

const setCookies = (answer: RawAnswer): string[] => [answer.headers['set-cookie'] ?? []].flat();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('sign-in resists guessing', () => {
  it('locks an account after repeated failures: 429 with Retry-After and a plain message, even for the right password', async () => {
    const user = await newUser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      // A new address for each guess: the account's own count is what locks it.
      statuses.push((await signInFrom(`127.0.10.${attempt + 1}`, user.email, `wrong ${attempt}`)).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses).toContain(429);
    const locked = await signInFrom('127.0.10.99', user.email, user.password);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
    expect(locked.text).toContain('Too many failed sign-ins. Please wait');
    expect(setCookies(locked).some((cookie) => cookie.startsWith('session='))).toBe(false);
  });

  it('limits one client address across many accounts', async () => {
    const address = '127.0.11.1';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 24; attempt += 1) statuses.push((await signInFrom(address, `nobody-${attempt}@example.test`, 'guess')).status);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20)).toContain(429);
    // The account itself was never guessed at, and signs in from another address.
    const user = await newUser();
    expect((await signInFrom(address, user.email, user.password)).status).toBe(429);
    expect((await signInFrom('127.0.11.2', user.email, user.password)).status).toBe(303);
  });

  it('answers an unknown e-mail exactly like a wrong password, after the same work', async () => {
    const user = await newUser();
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      let started = performance.now();
      const wrong = await signInFrom(`127.0.12.${round + 1}`, user.email, 'wrong password');
      known.push(performance.now() - started);
      started = performance.now();
      const missing = await signInFrom(`127.0.12.${round + 11}`, `missing-${round}-${user.email}`, 'wrong password');
      unknown.push(performance.now() - started);
      expect(missing.status).toBe(wrong.status);
      expect(missing.text.replace(/value="[^"]*"/g, '')).toBe(wrong.text.replace(/value="[^"]*"/g, ''));
    }
    // Before, an unknown e-mail took ~1/70 of a known one (no hash ran); now both run one password hash.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('refuses oversized and header-unsafe input with a page, never a 500', async () => {
    const huge = await signInFrom('127.0.13.1', `${'a'.repeat(100_000)}@example.test`, 'guess');
    expect(huge.status).toBe(401);
    for (const returnTo of ['/oauth/authorize?x=1\r\nSet-Cookie: a=b', '/oauth/authorize?x=\u2028', '/oauth/connections\n']) {
      const page = await requestFrom('127.0.13.2', 'GET', `/oauth/sign-in?return_to=${encodeURIComponent(returnTo)}`);
      expect(page.status).toBe(200);
      expect(page.text).not.toMatch(/value="[^"]*[\r\n\u2028][^"]*"/);
    }
    const user = await newUser();
    const page = await requestFrom('127.0.13.3', 'GET', '/oauth/sign-in');
    const cookie = (page.headers['set-cookie'] as string[]).find((value) => value.startsWith('pre_csrf='))!.split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const answer = await requestFrom('127.0.13.3', 'POST', '/oauth/sign-in', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ csrf, email: user.email, password: user.password, return_to: '/oauth/authorize?client_id=x\r\nX-Injected: 1\u2028' }).toString(),
    });
    expect(answer.status).toBe(303);
    expect(answer.headers['x-injected']).toBeUndefined();
    expect(answer.headers.location).toMatch(/^\/oauth\/authorize\?client_id=x[\x21-\x7e]*$/);
  });

  it('binds the pre-sign-in CSRF pair to the service: an equal cookie and field the attacker made up are refused', async () => {
    const user = await newUser();
    const forged = await requestFrom('127.0.14.1', 'POST', '/oauth/sign-in', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'pre_csrf=x' },
      body: new URLSearchParams({ csrf: 'x', email: user.email, password: user.password }).toString(),
    });
    expect(forged.status).toBe(400);
    expect(setCookies(forged).some((cookie) => cookie.startsWith('session='))).toBe(false);
  });

  it('binds the pre-sign-in token to the browser that fetched it, and takes it once', async () => {
    const user = await newUser();
    const fetchForm = async (address: string) => {
      const page = await requestFrom(address, 'GET', '/oauth/sign-in');
      return { cookie: (page.headers['set-cookie'] as string[]).find((value) => value.startsWith('pre_csrf='))!.split(';')[0]!, csrf: /name="csrf" value="([^"]+)"/.exec(page.text)![1]! };
    };
    const post = (address: string, cookie: string, csrf: string, password = user.password) =>
      requestFrom(address, 'POST', '/oauth/sign-in', { headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, body: new URLSearchParams({ csrf, email: user.email, password }).toString() });
    // A token fetched by one client, sent by another as both its cookie and its field (the old double submit).
    const theirs = await fetchForm('127.0.15.1');
    const planted = await post('127.0.15.2', `pre_csrf=${theirs.csrf}`, theirs.csrf);
    expect(planted.status).toBe(400);
    // Another browser's cookie with this token: refused.
    const mine = await fetchForm('127.0.15.3');
    expect((await post('127.0.15.3', theirs.cookie, mine.csrf)).status).toBe(400);
    // The pair as fetched works once; the same pair again is refused, even after a wrong password used it.
    const pair = await fetchForm('127.0.15.4');
    expect((await post('127.0.15.4', pair.cookie, pair.csrf, 'wrong password')).status).toBe(401);
    expect((await post('127.0.15.4', pair.cookie, pair.csrf)).status).toBe(400);
    const fresh = await fetchForm('127.0.15.5');
    expect((await post('127.0.15.5', fresh.cookie, fresh.csrf)).status).toBe(303);
    expect((await post('127.0.15.5', fresh.cookie, fresh.csrf)).status).toBe(400);
  });
});
