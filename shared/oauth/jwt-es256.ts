import { verify as verifySignature, type KeyObject } from 'node:crypto';

export type JwtPayload = Readonly<Record<string, unknown>>;

export interface JwtExpectations {
  readonly issuer: string;
  readonly audience: string;
  /** The header's `typ`, compared case-insensitively (RFC 7515 §4.1.9), such as `at+jwt` (RFC 9068). */
  readonly type: string;
  /** Seconds since the epoch; null accepts an expired token (revocation of an old one). */
  readonly now: number | null;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `kid` a compact JWS names in its header, or null when it has none or is not a JWS at all. */
export function keyIdOf(token: string): string | null {
  const [header] = token.split('.');
  const decoded = header && BASE64URL.test(header) ? decodeJson(header) : null;
  return typeof decoded?.kid === 'string' ? decoded.kid : null;
}

/**
 * Verifies a compact ES256 JWT with node:crypto: the one algorithm the service signs with (no `alg` negotiation,
 * no `none`, no `crit` extensions), the expected `typ`, a 64-byte P-256 signature, then `iss`, `aud`, `exp` and
 * `nbf`. Written here rather than with jose's jwtVerify, which weighs 17 KB in every API function's bundle for
 * the one path they use; jose still issues the tokens, and tests verify its tokens here and refuse altered ones.
 */
export function verifyEs256Jwt(token: string, key: KeyObject, expect: JwtExpectations): JwtPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  if (!header || header.alg !== 'ES256' || header.crit !== undefined || String(header.typ ?? '').toLowerCase() !== expect.type.toLowerCase()) return null;
  const signature = Buffer.from(signaturePart, 'base64url');
  if (signature.byteLength !== 64) return null;
  if (!verifySignature('sha256', Buffer.from(`${headerPart}.${payloadPart}`), { key, dsaEncoding: 'ieee-p1363' }, signature)) return null;
  const payload = decodeJson(payloadPart);
  if (!payload || payload.iss !== expect.issuer) return null;
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.includes(expect.audience)) return null;
  if (typeof payload.exp !== 'number' || (expect.now !== null && payload.exp <= expect.now)) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || (expect.now !== null && payload.nbf > expect.now))) return null;
  return payload;
}
