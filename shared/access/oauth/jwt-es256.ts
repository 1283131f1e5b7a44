import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import type { KeyObject } from 'node:crypto';

export type JwtPayload = Readonly<Record<string, unknown>>;

export interface JwtExpectations {
  readonly issuer: string;
  readonly audience: string;
  /** The header's `typ`, such as `at+jwt` (RFC 9068); jose compares it case-insensitively, `application/` or not. */
  readonly type: string;
  /** Seconds since the epoch; null accepts an expired token (revocation of an old one). */
  readonly now: number | null;
}

/** The `kid` a compact JWS names in its header, or null when it has none or is not a JWS at all. */
export function keyIdOf(token: string): string | null {
  try {
    const { kid } = decodeProtectedHeader(token);
    return typeof kid === 'string' ? kid : null;
  } catch {
    return null;
  }
}

/**
 * Verifies a compact ES256 JWT with jose's jwtVerify: security-critical parsing belongs to the well-kept library
 * that also issues the tokens. Only ES256 (no `alg` negotiation, no `none`), jose's refusal of unknown `crit`
 * extensions, the expected `typ`, then `iss`, `aud`, a required `exp`, and `nbf`, with no clock tolerance. With
 * `now` null (revoking an old token), the token is checked as of the second before it expired, so every other
 * rule still holds.
 */
export async function verifyEs256Jwt(token: string, key: KeyObject, expect: JwtExpectations): Promise<JwtPayload | null> {
  try {
    const asOf = expect.now === null ? expiryOf(token) - 1 : expect.now;
    const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], issuer: expect.issuer, audience: expect.audience, typ: expect.type, requiredClaims: ['exp'], currentDate: new Date(asOf * 1000) });
    return payload;
  } catch {
    return null;
  }
}

/** A token's `exp` as it claims it (unverified: the verification that follows checks the claim is signed). */
function expiryOf(token: string): number {
  const exp = decodeJwt(token).exp;
  if (typeof exp !== 'number') throw new Error('no exp');
  return exp;
}
