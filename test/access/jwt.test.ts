import { createHmac, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { keyIdOf, verifyEs256Jwt } from '../../shared/access/oauth/jwt-es256.ts';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const now = Math.floor(Date.now() / 1000);
const expect_ = { issuer: 'ledger-service', audience: 'ledger-api', type: 'at+jwt', now };
const claims = { biz: 'b', iss: 'ledger-service', aud: 'ledger-api', iat: now, exp: now + 3600 };

async function issued(options: { header?: Record<string, unknown>; claims?: Record<string, unknown>; exp?: number; key?: KeyObject } = {}) {
  return new SignJWT({ biz: 'b', ...options.claims })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'at+jwt', ...options.header } as { alg: string })
    .setIssuer('ledger-service')
    .setAudience('ledger-api')
    .setIssuedAt(now)
    .setExpirationTime(options.exp ?? now + 3600)
    .sign(options.key ?? privateKey);
}

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A token with any header, validly signed over exactly that header and payload: each refusal below is then for the
 * rule its case names, not for a signature that no longer matches.
 */
function signedRaw(header: Record<string, unknown>, payload: Record<string, unknown> = claims): string {
  const input = `${part(header)}.${part(payload)}`;
  const alg = String(header.alg);
  const signature =
    alg === 'HS256' ? createHmac('sha256', publicKey.export({ format: 'der', type: 'spki' })).update(input).digest() : alg === 'RS256' ? sign('sha256', Buffer.from(input), rsa.privateKey) : sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

describe('ES256 JWT verification (jose)', () => {
  it('accepts what jose issues, and reads its kid; a raw token signed the same way passes too (the cases below are real)', async () => {
    const token = await issued();
    expect(keyIdOf(token)).toBe('k1');
    expect(await verifyEs256Jwt(token, publicKey, expect_)).toMatchObject({ biz: 'b', iss: 'ledger-service', aud: 'ledger-api' });
    expect(await verifyEs256Jwt(signedRaw({ alg: 'ES256', typ: 'at+jwt' }), publicKey, expect_)).toMatchObject({ biz: 'b' });
  });

  it('refuses a token signed by another key, or with its payload or header altered', async () => {
    const token = await issued();
    expect(await verifyEs256Jwt(await issued({ key: other.privateKey }), publicKey, expect_)).toBeNull();
    const [header, , signature] = token.split('.');
    expect(await verifyEs256Jwt(`${header}.${part({ ...claims, biz: 'other' })}.${signature}`, publicKey, expect_)).toBeNull();
    expect(await verifyEs256Jwt(`${part({ alg: 'ES256', kid: 'k2', typ: 'at+jwt' })}.${token.split('.')[1]}.${signature}`, publicKey, expect_)).toBeNull();
  });

  it('refuses other algorithms, none and crit extensions, each validly signed', async () => {
    expect(await verifyEs256Jwt(signedRaw({ alg: 'HS256', typ: 'at+jwt' }), publicKey, expect_)).toBeNull();
    expect(await verifyEs256Jwt(signedRaw({ alg: 'RS256', typ: 'at+jwt' }), publicKey, expect_)).toBeNull();
    expect(await verifyEs256Jwt(`${part({ alg: 'none', typ: 'at+jwt' })}.${part(claims)}.`, publicKey, expect_)).toBeNull();
    // A valid ES256 signature over a header that names an extension the verifier does not know.
    expect(await verifyEs256Jwt(signedRaw({ alg: 'ES256', typ: 'at+jwt', crit: ['x-unknown'], 'x-unknown': true }), publicKey, expect_)).toBeNull();
  });

  it('takes the registered typ in any case, with or without application/; refuses another typ or none', async () => {
    for (const typ of ['at+jwt', 'AT+JWT', 'application/at+jwt', 'application/AT+JWT']) expect(await verifyEs256Jwt(signedRaw({ alg: 'ES256', typ }), publicKey, expect_), typ).not.toBeNull();
    expect(await verifyEs256Jwt(signedRaw({ alg: 'ES256', typ: 'form+jwt' }), publicKey, expect_)).toBeNull();
    expect(await verifyEs256Jwt(signedRaw({ alg: 'ES256', typ: 'JWT' }), publicKey, expect_)).toBeNull();
    expect(await verifyEs256Jwt(signedRaw({ alg: 'ES256' }), publicKey, expect_)).toBeNull();
  });

  it('checks issuer, audience, a required expiry and not-before; an expired token passes only when asked (revocation), and then only if otherwise good', async () => {
    expect(await verifyEs256Jwt(await issued(), publicKey, { ...expect_, issuer: 'someone-else' })).toBeNull();
    expect(await verifyEs256Jwt(await issued(), publicKey, { ...expect_, audience: 'ledger-sign-in-form' })).toBeNull();
    const expired = await issued({ exp: now - 1 });
    expect(await verifyEs256Jwt(expired, publicKey, expect_)).toBeNull();
    expect(await verifyEs256Jwt(expired, publicKey, { ...expect_, now: null })).not.toBeNull();
    expect(await verifyEs256Jwt(await issued({ exp: now - 1, key: other.privateKey }), publicKey, { ...expect_, now: null })).toBeNull();
    expect(await verifyEs256Jwt(await issued({ claims: { nbf: now + 600 } }), publicKey, expect_)).toBeNull();
    const { exp: _exp, ...withoutExpiry } = claims;
    expect(await verifyEs256Jwt(signedRaw({ alg: 'ES256', typ: 'at+jwt' }, withoutExpiry), publicKey, expect_)).toBeNull();
    expect(await verifyEs256Jwt(signedRaw({ alg: 'ES256', typ: 'at+jwt' }, withoutExpiry), publicKey, { ...expect_, now: null })).toBeNull();
  });

  it('refuses what is not a compact JWS, and a signature with padding', async () => {
    for (const bad of ['', 'a.b', 'a.b.c.d', 'a.b.c', '!!.??.==', 'e30.e30.AAAA']) expect(await verifyEs256Jwt(bad, publicKey, expect_)).toBeNull();
    expect(await verifyEs256Jwt(`${await issued()}=`, publicKey, expect_)).toBeNull();
    expect(keyIdOf('not a token')).toBeNull();
  });
});
