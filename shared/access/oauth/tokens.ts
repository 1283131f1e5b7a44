import { SignJWT } from 'jose';
import { config } from '../../platform/config.ts';
import type { Id } from '../../platform/core/ids.ts';
import type { Scope } from '../../platform/http/scopes.ts';
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

