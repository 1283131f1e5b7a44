import { describe, expect, it } from 'vitest';
import { cacheCredential, cachedCredential, CREDENTIAL_CACHE_MS, forgetCredentials } from '../../shared/access/keys/credential-cache.ts';
import type { Credential } from '../../shared/access/keys/credential.ts';
import type { Id } from '../../shared/platform/core/ids.ts';

const credential = (businessId: string, expiresAt?: number): Credential => ({ kind: 'api_key', businessId: businessId as Id, scopes: new Set(), options: new Set(), subject: 'k', grantId: null, userId: null, ...(expiresAt === undefined ? {} : { expiresAt }) });

describe('credential cache', () => {
  it('keeps a credential for at most 5 seconds', () => {
    const now = 1_000_000;
    cacheCredential('ak_one', credential('b1'), now);
    expect(cachedCredential('ak_one', now + CREDENTIAL_CACHE_MS - 1)?.businessId).toBe('b1');
    expect(cachedCredential('ak_one', now + CREDENTIAL_CACHE_MS)).toBeUndefined();
    expect(CREDENTIAL_CACHE_MS).toBeLessThanOrEqual(5_000);
  });

  it('never keeps an access token past its own expiry', () => {
    const now = 2_000_000;
    cacheCredential('a.b.c', credential('b1', (now + 2_000) / 1000), now);
    expect(cachedCredential('a.b.c', now + 1_999)).toBeDefined();
    expect(cachedCredential('a.b.c', now + 2_000)).toBeUndefined();
  });

  it('forgets a business’s credentials at once when one is revoked on this instance, and leaves others', () => {
    const now = Date.now();
    cacheCredential('ak_two', credential('b2'), now);
    cacheCredential('ak_three', credential('b3'), now);
    forgetCredentials('b2');
    expect(cachedCredential('ak_two', now)).toBeUndefined();
    expect(cachedCredential('ak_three', now)?.businessId).toBe('b3');
    forgetCredentials();
    expect(cachedCredential('ak_three', now)).toBeUndefined();
  });
});
