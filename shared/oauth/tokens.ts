import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { config } from '../config.ts';
import { oauthArtifactKey, recordKey } from '../db/keys.ts';
import { batchGet } from '../db/query.ts';
import type { Id } from '../domain/ids.ts';
import { parseScopeList, type Scope } from '../domain/scopes.ts';
import type { Credential, CredentialResolver } from '../keys/credential.ts';
import { newSecret } from './secrets.ts';
import { SIGNING_ALGORITHM, signingKeys } from './signing-keys.ts';

export const ACCESS_TOKEN_SECONDS = 3600;
const AUDIENCE = 'ledger-api';

export interface AccessTokenClaims {
  readonly businessId: Id;
  readonly userId: Id;
  readonly clientId: Id;
  readonly grantId: Id;
  readonly scopes: readonly Scope[];
}

export async function issueAccessToken(claims: AccessTokenClaims): Promise<string> {
  const keys = await signingKeys();
  return new SignJWT({ biz: claims.businessId, scope: claims.scopes.join(' '), client_id: claims.clientId, gid: claims.grantId })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: keys.current.kid, typ: 'at+jwt' })
    .setIssuer(config().OAUTH_ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(claims.userId)
    .setJti(newSecret('at_'))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(keys.current.key);
}

export interface VerifiedAccessToken {
  readonly jti: string;
  readonly businessId: Id;
  readonly clientId: Id;
  readonly grantId: Id;
  readonly scopes: Scope[];
  readonly expiresAt: number;
}

/** Checks the signature, issuer, audience and lifetime; `allowExpired` only for revocation of an old token. */
export async function verifyAccessToken(token: string, allowExpired = false): Promise<VerifiedAccessToken | null> {
  try {
    const { kid } = decodeProtectedHeader(token);
    const keys = await signingKeys(kid);
    const key = kid ? keys.verify.get(kid) : undefined;
    if (!key) return null;
    const { payload } = await jwtVerify(token, key, { issuer: config().OAUTH_ISSUER, audience: AUDIENCE, algorithms: [SIGNING_ALGORITHM], ...(allowExpired ? { currentDate: new Date(0) } : {}) });
    if (typeof payload.jti !== 'string' || typeof payload.biz !== 'string' || typeof payload.gid !== 'string' || typeof payload.client_id !== 'string') return null;
    return { jti: payload.jti, businessId: payload.biz as Id, clientId: payload.client_id as Id, grantId: payload.gid as Id, scopes: parseScopeList(String(payload.scope ?? '')), expiresAt: Number(payload.exp) };
  } catch {
    return null;
  }
}

/**
 * OAuth access tokens as bearer credentials, beside API keys. A valid signature is not enough: the grant must
 * still stand and the token must not have been revoked, both read in one round trip, so a revocation takes
 * effect on the very next call.
 */
export const accessTokenResolver: CredentialResolver = {
  claims: (token) => token.split('.').length === 3,
  async resolve(token) {
    const verified = await verifyAccessToken(token);
    if (!verified) return null;
    const grantKey = recordKey(verified.businessId, 'GRANT', verified.grantId);
    const revokedKey = oauthArtifactKey('REVOKEDJTI', verified.jti);
    const read = await batchGet([grantKey, revokedKey]);
    const grant = read(grantKey);
    if (!grant || grant.revoked_at || read(revokedKey)) return null;
    const credential: Credential = { kind: 'access_token', businessId: verified.businessId, scopes: new Set(verified.scopes), options: new Set(), subject: verified.jti, grantId: verified.grantId };
    return credential;
  },
};
