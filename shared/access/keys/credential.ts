import type { Id } from '../../platform/core/ids.ts';
import type { ApiKeyOption, Scope } from '../../platform/http/scopes.ts';
import type { AuditActor } from '../../platform/trail/entry.ts';

/**
 * Who is calling, as the handler stack sees it. The business id comes only from here: never from a path, a query
 * or a body.
 */
export interface Credential {
  readonly kind: 'api_key' | 'access_token' | 'session';
  readonly businessId: Id;
  readonly scopes: ReadonlySet<Scope>;
  readonly options: ReadonlySet<ApiKeyOption>;
  /** The key id or token id, for logs and audit. */
  readonly subject: string;
  /**
   * The OAuth grant this credential lives under: an access token's own grant, or the grant of the token that
   * created an API key. Revoking the grant ends every credential that names it.
   */
  readonly grantId: Id | null;
  /**
   * The person at the root of the chain that made this credential: the signed-in user, the user an OAuth grant
   * acts for, or the user who made the API key (or the key that made it); null for a key made before creators
   * were recorded, or by the service itself (the seed).
   */
  readonly userId: Id | null;
  /** When the credential itself ends (an access token's `exp`, epoch seconds); a key has none. */
  readonly expiresAt?: number;
}

/**
 * One kind of bearer credential. A resolver claims the tokens of its own shape and answers with the credential,
 * or null when the token is unknown, expired or revoked. A new kind (OAuth access tokens) is one more resolver.
 */
export interface CredentialResolver {
  claims(token: string): boolean;
  resolve(token: string): Promise<Credential | null>;
}

export function resolverOf(token: string, resolvers: readonly CredentialResolver[]): CredentialResolver | undefined {
  return resolvers.find((candidate) => candidate.claims(token));
}

/**
 * Who a credential is in the audit trail: an API key (with the user who made it), an OAuth app's token (its grant,
 * with the user it acts for), or a signed-in user.
 */
export function actorOfCredential(credential: Credential): AuditActor {
  if (credential.kind === 'session') return { type: 'user', id: credential.userId ?? credential.subject, name: null, user_id: credential.userId };
  if (credential.kind === 'access_token') return { type: 'oauth_app', id: credential.grantId ?? credential.subject, name: null, user_id: credential.userId };
  return { type: 'api_key', id: credential.subject, name: null, user_id: credential.userId };
}
