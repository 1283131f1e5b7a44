/** Where the OAuth artefacts (sessions, codes, refresh tokens, revocation marks, form tokens) are kept. */
import type { Key } from '../../platform/db/keys.ts';

/**
 * OAuth artifacts a client or browser presents before any business is known: found by the hash of the secret
 * value presented (session cookie, authorization code, refresh token), and by an access token's id for its
 * revocation mark. The business they belong to is inside the item.
 */
export function oauthArtifactKey(kind: 'SESSION' | 'CODE' | 'REFRESH' | 'REVOKEDJTI' | 'FORMTOKEN', id: string): Key {
  return { pk: `${kind}#${id}`, sk: kind };
}
