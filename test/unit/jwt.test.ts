import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { keyIdOf, verifyEs256Jwt } from '../../shared/oauth/jwt-es256.ts';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const now = Math.floor(Date.now() / 1000);
const expect_ = { issuer: 'ledger-service', audience: 'ledger-api', type: 'at+jwt', now };

async function issued(options: { header?: Record<string, unknown>; claims?: Record<string, unknown>; exp?: number; key?: typeof privateKey } = {}) {
  return new SignJWT({ biz: 'b', ...options.claims })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'at+jwt', ...options.header } as { alg: string })
    .setIssuer('ledger-service')
    .setAudience('ledger-api')
    .setIssuedAt(now)
    .setExpirationTime(options.exp ?? now + 3600)
    .sign(options.key ?? privateKey);
}

const swapPart = (token: string, index: number, value: unknown) => token.split('.').map((part, at) => (at === index ? Buffer.from(JSON.stringify(value)).toString('base64url') : part)).join('.');

describe('ES256 JWT verification with node:crypto', () => {
  it('accepts what jose issues, and reads its kid', async () => {
    const token = await issued();
    expect(keyIdOf(token)).toBe('k1');
    expect(verifyEs256Jwt(token, publicKey, expect_)).toMatchObject({ biz: 'b', iss: 'ledger-service', aud: 'ledger-api' });
  });

  it('refuses a token signed by another key, or with its payload or header altered', async () => {
    const token = await issued();
    expect(verifyEs256Jwt(await issued({ key: other.privateKey }), publicKey, expect_)).toBeNull();
    expect(verifyEs256Jwt(swapPart(token, 1, { biz: 'other', iss: 'ledger-service', aud: 'ledger-api', exp: now + 60 }), publicKey, expect_)).toBeNull();
    expect(verifyEs256Jwt(swapPart(token, 0, { alg: 'ES256', kid: 'k2', typ: 'at+jwt' }), publicKey, expect_)).toBeNull();
  });

  it('refuses other algorithms, none, crit extensions and another typ', async () => {
    const token = await issued();
    const [, payload, signature] = token.split('.');
    const header = (value: unknown) => `${Buffer.from(JSON.stringify(value)).toString('base64url')}.${payload}.${signature}`;
    expect(verifyEs256Jwt(header({ alg: 'none', typ: 'at+jwt' }), publicKey, expect_)).toBeNull();
    expect(verifyEs256Jwt(`${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`, publicKey, expect_)).toBeNull();
    expect(verifyEs256Jwt(header({ alg: 'HS256', typ: 'at+jwt' }), publicKey, expect_)).toBeNull();
    expect(verifyEs256Jwt(await issued({ header: { crit: ['exp'] } }).catch(() => token.replace(/^[^.]+/, Buffer.from(JSON.stringify({ alg: 'ES256', typ: 'at+jwt', crit: ['x'] })).toString('base64url'))), publicKey, expect_)).toBeNull();
    expect(verifyEs256Jwt(await issued({ header: { typ: 'form+jwt' } }), publicKey, expect_)).toBeNull();
    expect(verifyEs256Jwt(await issued({ header: { typ: 'AT+JWT' } }), publicKey, expect_)).not.toBeNull();
  });

  it('checks issuer, audience, expiry and not-before; an expired token passes only when asked (revocation)', async () => {
    expect(verifyEs256Jwt(await issued(), publicKey, { ...expect_, issuer: 'someone-else' })).toBeNull();
    expect(verifyEs256Jwt(await issued(), publicKey, { ...expect_, audience: 'ledger-sign-in-form' })).toBeNull();
    const expired = await issued({ exp: now - 1 });
    expect(verifyEs256Jwt(expired, publicKey, expect_)).toBeNull();
    expect(verifyEs256Jwt(expired, publicKey, { ...expect_, now: null })).not.toBeNull();
    expect(verifyEs256Jwt(await issued({ claims: { nbf: now + 600 } }), publicKey, expect_)).toBeNull();
  });

  it('refuses what is not a compact JWS', () => {
    for (const bad of ['', 'a.b', 'a.b.c.d', 'a.b.c', '!!.??.==', 'e30.e30.AAAA']) expect(verifyEs256Jwt(bad, publicKey, expect_)).toBeNull();
    expect(keyIdOf('not a token')).toBeNull();
  });
});
