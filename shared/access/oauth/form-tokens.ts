import { SignJWT } from 'jose';
import { config } from '../../platform/config.ts';
import { oauthArtifactKey } from './artifacts.ts';
import { mustNotExist, TransactionConflict, WriteTransaction } from '../../platform/db/transaction.ts';
import { sha256Hex } from '../../platform/core/hashing.ts';
import { constantTimeEqual, newSecret } from './secrets.ts';
import { keyIdOf, verifyEs256Jwt } from './jwt-es256.ts';
import { SIGNING_ALGORITHM, signingKeys } from './signing-keys.ts';

const AUDIENCE = 'ledger-sign-in-form';
export const FORM_TOKEN_SECONDS = 1800;

/**
 * The CSRF protection of the sign-in form, before any session exists. The browser gets a random nonce in a cookie
 * and the form a token the service signed over that nonce's hash: a post is taken only with a token this service
 * issued, unexpired, for the nonce the same browser holds, and only once (its id is spent when it is used, whatever
 * the outcome). A token fetched by someone else, or planted as both cookie and field, is refused.
 */
export async function issueFormToken(): Promise<{ readonly token: string; readonly nonce: string }> {
  const keys = await signingKeys();
  const nonce = newSecret('pre_');
  const token = await new SignJWT({ nh: sha256Hex(nonce) })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: keys.current.kid, typ: 'form+jwt' })
    .setIssuer(config().OAUTH_ISSUER)
    .setAudience(AUDIENCE)
    .setJti(newSecret(''))
    .setIssuedAt()
    .setExpirationTime(`${FORM_TOKEN_SECONDS}s`)
    .sign(keys.current.key);
  return { token, nonce };
}

/** Whether a posted token is good for the nonce the browser sent; a good one is spent here (true once only). */
export async function spendFormToken(token: string, nonce: string | undefined): Promise<boolean> {
  if (!nonce) return false;
  const kid = keyIdOf(token);
  const key = kid ? (await signingKeys(kid)).verify.get(kid) : undefined;
  const payload = key ? await verifyEs256Jwt(token, key, { issuer: config().OAUTH_ISSUER, audience: AUDIENCE, type: 'form+jwt', now: Math.floor(Date.now() / 1000) }) : null;
  if (!payload || typeof payload.nh !== 'string' || typeof payload.jti !== 'string' || !constantTimeEqual(payload.nh, sha256Hex(nonce))) return false;
  const tx = new WriteTransaction();
  tx.put('FORMTOKEN:spend', { ...oauthArtifactKey('FORMTOKEN', sha256Hex(payload.jti)), entity: 'FORMTOKEN', expires_at: Number(payload.exp) }, mustNotExist);
  try {
    await tx.commit();
    return true;
  } catch (error) {
    if (error instanceof TransactionConflict) return false;
    throw error;
  }
}
