import { addAuditEntry } from '../../platform/trail/write.ts';
import { createdAction } from '../../platform/trail/actions.ts';
import { forgetCredentials } from '../keys/credential-cache.ts';
import { createHash } from 'node:crypto';
import { collection } from '../../platform/db/collection.ts';
import { facetKey } from '../../platform/db/keys.ts';
import { oauthArtifactKey } from './artifacts.ts';
import { getItem } from '../../platform/db/query.ts';
import { mustNotExist, TransactionConflict, WriteTransaction } from '../../platform/db/transaction.ts';
import { newId, type Id } from '../../platform/core/ids.ts';
import { scopesOfRole, type Scope } from '../../platform/http/scopes.ts';
import { membershipOf } from '../members/memberships.ts';
import { OAuthError } from '../../platform/core/errors.ts';
import { hashSecret, newSecret } from './secrets.ts';
import { ACCESS_TOKEN_SECONDS, issueAccessToken } from './tokens.ts';
import { verifyAccessToken } from './token-verification.ts';

const CODE_SECONDS = 600;
const REFRESH_SECONDS = 90 * 24 * 3600;

/** One user's consent to one client, in one business: everything issued from a code hangs on it. */
export interface GrantRecord {
  readonly id: Id;
  readonly user_id: Id;
  readonly client_id: Id;
  readonly client_name: string;
  readonly scopes: readonly Scope[];
  readonly revoked_at: string | null;
  readonly revoked_reason: string | null;
  readonly created_at: string;
}

const byUser = facetKey<GrantRecord, ['user_id', 'created_at', 'id']>('USER', ['user_id', 'created_at', 'id']);
export const grantStore = collection<GrantRecord>({ kind: 'GRANT', order: byUser });

export { OAuthError } from '../../platform/core/errors.ts';


interface CodeItem {
  readonly client_id: Id;
  readonly redirect_uri: string;
  readonly user_id: Id;
  readonly business_id: Id;
  readonly client_name: string;
  readonly scopes: readonly Scope[];
  readonly code_challenge: string | null;
  readonly expires_at: number;
  readonly used: boolean;
  readonly grant_id: Id | null;
}

interface RefreshItem {
  readonly grant_id: Id;
  readonly business_id: Id;
  readonly client_id: Id;
  readonly user_id: Id;
  readonly scopes: readonly Scope[];
  readonly expires_at: number;
  readonly used_at?: string;
}

const now = () => Math.floor(Date.now() / 1000);

export async function issueCode(input: Omit<CodeItem, 'expires_at' | 'used' | 'grant_id'>): Promise<string> {
  const code = newSecret('ac_');
  const tx = new WriteTransaction();
  tx.put('CODE:create', { ...oauthArtifactKey('CODE', hashSecret(code)), entity: 'CODE', ...input, expires_at: now() + CODE_SECONDS, used: false, grant_id: null }, mustNotExist);
  await tx.commit();
  return code;
}

export async function revokeGrant(businessId: Id, grantId: Id, reason: string): Promise<void> {
  await grantStore.modify(businessId, grantId, (grant) => (grant.revoked_at ? grant : { ...grant, revoked_at: new Date().toISOString(), revoked_reason: reason }), { type: 'oauth_grant', action: 'revoked' });
  // The grant's tokens and keys end at once on this instance, within the credential cache's bound elsewhere.
  forgetCredentials(businessId);
}

export interface TokenResponse {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
  readonly refresh_token: string;
  readonly scope: string;
}

async function tokensFor(grant: { businessId: Id; userId: Id; clientId: Id; grantId: Id; scopes: readonly Scope[] }, refreshToken: string): Promise<TokenResponse> {
  return {
    access_token: await issueAccessToken(grant),
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_token: refreshToken,
    scope: grant.scopes.join(' '),
  };
}

function addRefreshToken(tx: WriteTransaction, item: Omit<RefreshItem, 'expires_at'>): string {
  const refreshToken = newSecret('rt_');
  tx.put('REFRESH:create', { ...oauthArtifactKey('REFRESH', hashSecret(refreshToken)), entity: 'REFRESH', ...item, expires_at: now() + REFRESH_SECONDS }, mustNotExist);
  return refreshToken;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * The authorization_code grant. The code is single use: redeeming it marks it used on the condition that it was
 * not, in the same transaction that creates the grant. Any second use (after or during the first) fails, and the
 * grant issued from the code is revoked with everything issued under it (RFC 9700 §4.2.4).
 */
export async function redeemCode(clientId: Id, code: string, redirectUri: string, codeVerifier: string | undefined): Promise<TokenResponse> {
  const key = oauthArtifactKey('CODE', hashSecret(code));
  const item = (await getItem(key)) as (CodeItem & { version?: number }) | undefined;
  if (!item || item.client_id !== clientId) throw new OAuthError('invalid_grant', 'The authorization code is invalid.');
  if (item.used) {
    if (item.grant_id) await revokeGrant(item.business_id, item.grant_id, 'authorization code used twice');
    throw new OAuthError('invalid_grant', 'The authorization code was already used; everything issued from it is revoked.');
  }
  if (item.expires_at <= now()) throw new OAuthError('invalid_grant', 'The authorization code has expired.');
  if (item.redirect_uri !== redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request.');
  if (item.code_challenge && (!codeVerifier || s256(codeVerifier) !== item.code_challenge)) throw new OAuthError('invalid_grant', 'The PKCE code_verifier does not match.');

  const grant: GrantRecord = { id: newId(), user_id: item.user_id, client_id: item.client_id, client_name: item.client_name, scopes: item.scopes, revoked_at: null, revoked_reason: null, created_at: new Date().toISOString() };
  const tx = new WriteTransaction();
  tx.update('CODE:use', key, { expression: 'SET used = :true, grant_id = :grant', values: { ':true': true, ':grant': grant.id } }, { expression: 'used = :false', values: { ':false': false } });
  grantStore.addCreate(tx, item.business_id, grant);
  addAuditEntry(tx, item.business_id, createdAction('oauth_grant', grant));
  const refreshToken = addRefreshToken(tx, { grant_id: grant.id, business_id: item.business_id, client_id: clientId, user_id: item.user_id, scopes: item.scopes });
  try {
    await tx.commit();
  } catch (error) {
    if (!(error instanceof TransactionConflict)) throw error;
    // Another redemption of this code got there first: this is a second use.
    const winner = (await getItem(key)) as CodeItem | undefined;
    if (winner?.grant_id) await revokeGrant(item.business_id, winner.grant_id, 'authorization code used twice');
    throw new OAuthError('invalid_grant', 'The authorization code was already used; everything issued from it is revoked.');
  }
  return tokensFor({ businessId: item.business_id, userId: item.user_id, clientId, grantId: grant.id, scopes: item.scopes }, refreshToken);
}

/**
 * The refresh_token grant: both tokens rotate. A refresh token works once; presenting a rotated one again means
 * it leaked, so the whole grant is revoked, the newer refresh token with it. A `scope` may narrow the new access
 * token (RFC 6749 §6); a scope not originally granted is invalid_scope. The user's membership is checked again:
 * both tokens keep only the granted scopes the user's current role allows, and a user no longer a member (or whose
 * role allows none of them) ends the grant (invalid_grant).
 */
export async function refresh(clientId: Id, refreshToken: string, requestedScope?: string): Promise<TokenResponse> {
  const key = oauthArtifactKey('REFRESH', hashSecret(refreshToken));
  const item = (await getItem(key)) as RefreshItem | undefined;
  if (!item || item.client_id !== clientId || item.expires_at <= now()) throw new OAuthError('invalid_grant', 'The refresh token is invalid or expired.');
  const grant = await grantStore.get(item.business_id, item.grant_id);
  if (!grant || grant.record.revoked_at) throw new OAuthError('invalid_grant', 'The grant was revoked.');
  if (item.used_at) {
    await revokeGrant(item.business_id, item.grant_id, 'rotated refresh token used again');
    throw new OAuthError('invalid_grant', 'The refresh token was already used; the grant is revoked.');
  }
  const requested = requestedScope === undefined ? undefined : requestedScope.split(/\s+/).filter(Boolean);
  if (requested && (requested.length === 0 || requested.some((scope) => !item.scopes.includes(scope as Scope)))) {
    throw new OAuthError('invalid_scope', 'The requested scope exceeds what was granted.');
  }
  // The user's standing is read again: a removed member's grant ends; a changed role shrinks what it may do.
  const role = (await membershipOf(item.user_id, item.business_id))?.role;
  const allowed = role ? new Set(scopesOfRole(role)) : new Set<Scope>();
  const stillGranted = item.scopes.filter((scope) => allowed.has(scope));
  if (stillGranted.length === 0) {
    await revokeGrant(item.business_id, item.grant_id, role ? 'the role allows none of the granted scopes' : 'the user is no longer a member of the business');
    throw new OAuthError('invalid_grant', 'The user no longer has access to this business.');
  }
  const tx = new WriteTransaction();
  tx.update('REFRESH:use', key, { expression: 'SET used_at = :at', values: { ':at': new Date().toISOString() } }, { expression: 'attribute_not_exists(used_at)' });
  const next = addRefreshToken(tx, { grant_id: item.grant_id, business_id: item.business_id, client_id: clientId, user_id: item.user_id, scopes: stillGranted });
  try {
    await tx.commit();
  } catch (error) {
    if (!(error instanceof TransactionConflict)) throw error;
    await revokeGrant(item.business_id, item.grant_id, 'rotated refresh token used again');
    throw new OAuthError('invalid_grant', 'The refresh token was already used; the grant is revoked.');
  }
  return tokensFor({ businessId: item.business_id, userId: item.user_id, clientId, grantId: item.grant_id, scopes: requested ? stillGranted.filter((scope) => requested.includes(scope)) : stillGranted }, next);
}

/**
 * RFC 7009 revocation: a refresh token revokes its grant; an access token is marked revoked until it would have
 * expired. A token that is unknown, or another client's, is answered the same way and left alone.
 */
export async function revokeToken(clientId: Id, token: string): Promise<void> {
  const refreshItem = (await getItem(oauthArtifactKey('REFRESH', hashSecret(token)))) as RefreshItem | undefined;
  if (refreshItem) {
    if (refreshItem.client_id === clientId) await revokeGrant(refreshItem.business_id, refreshItem.grant_id, 'revoked by the client');
    return;
  }
  const access = await verifyAccessToken(token, true);
  if (!access || access.clientId !== clientId) return;
  const tx = new WriteTransaction();
  tx.put('REVOKEDJTI', { ...oauthArtifactKey('REVOKEDJTI', access.jti), entity: 'REVOKEDJTI', expires_at: access.expiresAt });
  await tx.commit();
  forgetCredentials(access.businessId);
}

/** Every app any member connected in one business (its owner's view): live grants, oldest first per member. */
export async function businessConnections(businessId: Id): Promise<GrantRecord[]> {
  return (await grantStore.all(businessId)).filter((grant) => !grant.revoked_at);
}

/** The apps a user has connected in one business: live grants. */
export async function connectionsOf(businessId: Id, userId: Id): Promise<GrantRecord[]> {
  return (await grantStore.all(businessId, {}, { prefix: byUser.prefix({ user_id: userId }), counter: 'ALL' })).filter((grant) => !grant.revoked_at);
}
