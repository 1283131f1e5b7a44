import { config } from '../../platform/config.ts';
import { recordKey } from '../../platform/db/keys.ts';
import { oauthArtifactKey } from './artifacts.ts';
import { batchGet } from '../../platform/db/query.ts';
import type { Id } from '../../platform/core/ids.ts';
import { parseScopeList, type Scope } from '../../platform/http/scopes.ts';
import type { Credential, CredentialResolver } from '../keys/credential.ts';
import { keyIdOf, verifyEs256Jwt } from './jwt-es256.ts';
import { signingKeys } from './signing-keys.ts';

// The audience access tokens are issued for (tokens.ts signs with the same value).
const AUDIENCE = 'ledger-api';

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
  const kid = keyIdOf(token);
  const key = kid ? (await signingKeys(kid)).verify.get(kid) : undefined;
  if (!key) return null;
  const payload = await verifyEs256Jwt(token, key, { issuer: config().OAUTH_ISSUER, audience: AUDIENCE, type: 'at+jwt', now: allowExpired ? null : Math.floor(Date.now() / 1000) });
  if (!payload || typeof payload.jti !== 'string' || typeof payload.biz !== 'string' || typeof payload.gid !== 'string' || typeof payload.client_id !== 'string') return null;
  return { jti: payload.jti, businessId: payload.biz as Id, clientId: payload.client_id as Id, grantId: payload.gid as Id, scopes: parseScopeList(String(payload.scope ?? '')), expiresAt: Number(payload.exp) };
}

/**
 * OAuth access tokens as bearer credentials, beside API keys. A valid signature is not enough: the grant must
 * still stand and the token must not have been revoked, both read in one round trip. The handler stack keeps the
 * answer for at most 5 seconds (and never past the token's expiry): a revocation takes effect within that bound
 * everywhere, and at once on the instance that made it.
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
    const credential: Credential = { kind: 'access_token', businessId: verified.businessId, scopes: new Set(verified.scopes), options: new Set(), subject: verified.jti, grantId: verified.grantId, userId: (grant.user_id as Id | undefined) ?? null, expiresAt: verified.expiresAt };
    return credential;
  },
};
