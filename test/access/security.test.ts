import { describe, expect, it } from 'vitest';
import { missingForDelegation } from '../../shared/access/oauth/delegation.ts';
import { ACCOUNT_POLICY, ADDRESS_POLICY, isLocked, secondsUntilAllowed, waitAfterFailures } from '../../shared/access/users/sign-in-throttle.ts';
import { safeReturnPath } from '../../shared/access/oauth/return-path.ts';
import type { KeyObject } from 'node:crypto';
import { cachedKeys, type SigningKeys } from '../../shared/access/oauth/signing-keys.ts';
import { EMBEDS_IPV4, addressProblem, urlProblem } from '../../shared/webhooks/ssrf.ts';

describe('delegation never escalates', () => {
  const held = { scopes: new Set(['settings_api_keys:manage', 'sales_customers:read']), options: new Set<string>() };

  it('names each scope and option the creator lacks, in the order asked', () => {
    expect(missingForDelegation(held, { scopes: ['sales_customers:read', 'finance_ledger:read', 'sales_customers:create'], options: ['webhooks'] })).toEqual([
      'finance_ledger:read',
      'sales_customers:create',
      'option:webhooks',
    ]);
  });

  it('lets a creator hand out any part of what it holds', () => {
    expect(missingForDelegation(held, { scopes: ['sales_customers:read'], options: [] })).toEqual([]);
    expect(missingForDelegation({ ...held, options: new Set(['webhooks']) }, { scopes: [...held.scopes], options: ['webhooks'] })).toEqual([]);
  });
});

describe('sign-in throttle policy', () => {
  it('costs nothing for the first mistakes, then doubles the wait, then locks for fifteen minutes', () => {
    expect([1, 4, 5, 6, 7, 9, 10, 50].map((failures) => waitAfterFailures(failures, ACCOUNT_POLICY))).toEqual([0, 0, 1, 2, 4, 16, 900, 900]);
    expect(waitAfterFailures(19, ADDRESS_POLICY)).toBe(0);
    expect(waitAfterFailures(30, ADDRESS_POLICY)).toBe(900);
  });

  it('waits for the longest of the subjects, and forgets records whose window has passed', () => {
    const now = 1_000_000;
    expect(secondsUntilAllowed([undefined, undefined], now)).toBe(0);
    expect(secondsUntilAllowed([{ failures: 10, retryAt: now + 900, expiresAt: now + 900 }, { failures: 21, retryAt: now + 2, expiresAt: now + 900 }], now)).toBe(900);
    expect(secondsUntilAllowed([{ failures: 10, retryAt: now + 900, expiresAt: now }], now)).toBe(0);
    expect(secondsUntilAllowed([{ failures: 3, retryAt: now - 5, expiresAt: now + 100 }], now)).toBe(0);
  });

  it('knows a lock from a wait', () => {
    const now = 1_000_000;
    expect(isLocked({ failures: 10, retryAt: now + 900, expiresAt: now + 900 }, ACCOUNT_POLICY, now)).toBe(true);
    expect(isLocked({ failures: 7, retryAt: now + 4, expiresAt: now + 900 }, ACCOUNT_POLICY, now)).toBe(false);
    expect(isLocked({ failures: 12, retryAt: now - 1, expiresAt: now + 900 }, ACCOUNT_POLICY, now)).toBe(false);
    expect(isLocked(undefined, ACCOUNT_POLICY, now)).toBe(false);
  });
});

describe('return paths after sign-in', () => {
  it.each([
    ['/oauth/authorize?client_id=a&state=b', '/oauth/authorize?client_id=a&state=b'],
    ['/oauth/connections', '/oauth/connections'],
    ['https://evil.example/oauth/connections', '/dashboard'],
    ['//evil.example/oauth/authorize?x', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['/oauth/authorize?x=1\r\nSet-Cookie: a=b', '/oauth/authorize?x=1Set-Cookie:%20a=b'],
    ['/oauth/authorize?x=\u2028y', '/oauth/authorize?x=%E2%80%A8y'],
    ['/oauth/authorize?x=\u00e9', '/oauth/authorize?x=%C3%A9'],
    ['/oauth/connections\r\nLocation: //evil', '/dashboard'],
    ['/oauth/../admin', '/dashboard'],
    ['/dashboard/invoices?status=Open&page=2', '/dashboard/invoices?status=Open&page=2'],
    ['/dashboard/../admin', '/dashboard'],
    ['/dashboardx', '/dashboard'],
    ['https://evil.example/dashboard', '/dashboard'],
  ])('%j becomes %j, always safe in a Location header', (candidate, expected) => {
    const path = safeReturnPath(candidate);
    expect(path).toBe(expected);
    expect(path).toMatch(/^[\x21-\x7e]+$/);
  });
});

describe('the URL guard refuses every IPv6 form that embeds or translates an IPv4 address', () => {
  const samples: Record<string, string> = {
    'IPv4-compatible (deprecated, RFC 4291)': '::a9fe:a9fe',
    'IPv4-mapped (RFC 4291)': '::ffff:169.254.169.254',
    'IPv4-translated (RFC 2765)': '::ffff:0:a9fe:a9fe',
    'NAT64 well-known prefix (RFC 6052)': '64:ff9b::a9fe:a9fe',
    'NAT64 local-use prefix (RFC 8215)': '64:ff9b:1::a9fe:a9fe',
    'Teredo (RFC 4380)': '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '6to4 (RFC 3056)': '2002:a9fe:a9fe::1',
  };

  it('lists a sample for every range it refuses', () => {
    expect(Object.keys(samples).sort()).toEqual(EMBEDS_IPV4.map(([, , name]) => name).sort());
  });

  it.each(EMBEDS_IPV4.map(([network, prefix, name]) => [name, `${network}/${prefix}`, samples[name]!] as const))('%s (%s): %s', (_name, _range, sample) => {
    expect(addressProblem(sample, { allowLoopback: false })).not.toBeNull();
    expect(addressProblem(sample, { allowLoopback: true })).not.toBeNull();
    expect(urlProblem(`https://[${sample}]/hook`, { allowLoopback: true })).not.toBeNull();
  });

  it('still accepts public IPv6 and IPv4 addresses', () => {
    expect(addressProblem('2606:4700:4700::1111', { allowLoopback: false })).toBeNull();
    expect(addressProblem('1.1.1.1', { allowLoopback: false })).toBeNull();
    expect(urlProblem('https://[2606:4700:4700::1111]/hook', { allowLoopback: false })).toBeNull();
  });
});

describe('the signing-key cache', () => {
  const keys = (kids: string[]) => ({ current: { kid: kids[0]!, key: {} as KeyObject }, verify: new Map(kids.map((kid) => [kid, {} as KeyObject])) }) as unknown as SigningKeys;

  it('reloads the store for unknown kids at most once a minute, however many forged tokens arrive', async () => {
    let clock = 0;
    let loads = 0;
    const cache = cachedKeys(async () => {
      loads += 1;
      return keys(['k1']);
    }, () => clock);
    await cache();
    for (let index = 0; index < 500; index += 1) await cache(`forged-${index}`);
    expect(loads).toBe(1);
    clock = 59_999;
    await cache('forged-again');
    expect(loads).toBe(1);
    clock = 60_000;
    await cache('forged-after-a-minute');
    expect(loads).toBe(2);
  });

  it('picks up a rotated key once the minute has passed, and retries a failed load', async () => {
    let clock = 0;
    let stored = ['k1'];
    let fail = true;
    const cache = cachedKeys(async () => {
      if (fail) {
        fail = false;
        throw new Error('store unavailable');
      }
      return keys(stored);
    }, () => clock);
    await expect(cache()).rejects.toThrow('store unavailable');
    expect((await cache()).current.kid).toBe('k1');
    stored = ['k2', 'k1'];
    clock = 61_000;
    expect((await cache('k2')).verify.has('k2')).toBe(true);
  });
});
