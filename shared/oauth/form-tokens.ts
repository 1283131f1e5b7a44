import { SignJWT } from 'jose';
import { config } from '../config.ts';
import { newSecret } from './secrets.ts';
import { keyIdOf, verifyEs256Jwt } from './jwt-es256.ts';
import { SIGNING_ALGORITHM, signingKeys } from './signing-keys.ts';

const AUDIENCE = 'ledger-sign-in-form';
export const FORM_TOKEN_SECONDS = 1800;

/**
 * The CSRF token of the sign-in form, before any session exists. It travels as a double-submit pair (a cookie
 * and a form field that must be equal), and it is signed with the service's own key, so a value an attacker
 * made up (and planted as a cookie) is refused: only tokens this service issued, unexpired, pass.
 */
export async function issueFormToken(): Promise<string> {
  const keys = await signingKeys();
  return new SignJWT({})
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: keys.current.kid, typ: 'form+jwt' })
    .setIssuer(config().OAUTH_ISSUER)
    .setAudience(AUDIENCE)
    .setJti(newSecret(''))
    .setIssuedAt()
    .setExpirationTime(`${FORM_TOKEN_SECONDS}s`)
    .sign(keys.current.key);
}

export async function isIssuedFormToken(token: string): Promise<boolean> {
  const kid = keyIdOf(token);
  const key = kid ? (await signingKeys(kid)).verify.get(kid) : undefined;
  return !!key && (await verifyEs256Jwt(token, key, { issuer: config().OAUTH_ISSUER, audience: AUDIENCE, type: 'form+jwt', now: Math.floor(Date.now() / 1000) })) !== null;
}
