/**
 * Credentials this instance resolved in the last few seconds, so that a busy caller's requests skip the
 * credential's read. api.md bounds it: at most 5 seconds everywhere, and a revocation made on this instance
 * forgets at once (`forgetCredentials`). API Gateway's own authorizer cache is the precedent (its TTL is the
 * same kind of bound, by default 300 s).
 *
 * Keyed by a hash of the token, never the token; bounded in size, oldest first out.
 */
import { createHash } from 'node:crypto';
import type { Credential } from './credential.ts';

export const CREDENTIAL_CACHE_MS = 5_000;
const MAX_ENTRIES = 1_000;

const entries = new Map<string, { readonly credential: Credential; readonly until: number }>();

const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export function cachedCredential(token: string, now = Date.now()): Credential | undefined {
  const key = keyOf(token);
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.until <= now) {
    entries.delete(key);
    return undefined;
  }
  return entry.credential;
}

export function cacheCredential(token: string, credential: Credential, now = Date.now()): void {
  const key = keyOf(token);
  entries.delete(key);
  // Never past the credential's own end: an access token expiring in 2 s is kept 2 s.
  const until = Math.min(now + CREDENTIAL_CACHE_MS, credential.expiresAt === undefined ? Number.POSITIVE_INFINITY : credential.expiresAt * 1000);
  entries.set(key, { credential, until });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}

/**
 * Forgets every cached credential of a business (all of them without one): called by whatever revokes a key, a
 * grant or a token, or changes what a credential may do, so that on this instance it takes effect at once.
 */
export function forgetCredentials(businessId?: string): void {
  if (businessId === undefined) return entries.clear();
  for (const [key, entry] of entries) if (entry.credential.businessId === businessId) entries.delete(key);
}
