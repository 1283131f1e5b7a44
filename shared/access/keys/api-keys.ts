import { addAuditEntry } from '../../platform/trail/write.ts';
import { changedAction, createdAction } from '../../platform/trail/actions.ts';
import { forgetCredentials } from './credential-cache.ts';
import { randomBytes } from 'node:crypto';
import { collection } from '../../platform/db/collection.ts';
import { byNameSortKey } from '../../platform/db/keys.ts';
import { getItem } from '../../platform/db/query.ts';
import { grantStands } from '../oauth/grant-status.ts';
import { WriteTransaction, mustNotExist, type Condition } from '../../platform/db/transaction.ts';
import { newId, type Id } from '../../platform/core/ids.ts';
import { isScope, type ApiKeyOption, type Scope } from '../../platform/http/scopes.ts';
import type { Credential, CredentialResolver } from './credential.ts';
import { sha256Hex } from '../../platform/core/hashing.ts';
import { narrowedTo } from '../oauth/delegation.ts';
import type { Key } from '../../platform/db/keys.ts';
import type { KeyCreationPath } from './schemas.ts';

const KEY_PREFIX = 'ak_';

/** Who made a key: the person at the root of the chain (null when unknown), how, and the key that made it, if one did. */
export interface KeyCreator {
  readonly user_id: Id | null;
  readonly via: KeyCreationPath;
  readonly key_id: Id | null;
}

/** Keys made before creators were recorded: shown to owners to revoke by hand, never ended by a member's change. */
export const UNKNOWN_CREATOR: KeyCreator = { user_id: null, via: 'unknown', key_id: null };

export interface ApiKeyRecord {
  readonly id: Id;
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly options: readonly ApiKeyOption[];
  /** The first characters of the key, so a person can tell keys apart; the key itself is never stored. */
  readonly hint: string;
  /** Kept so that revocation can find the lookup item; never part of a response. */
  readonly secret_hash: string;
  readonly created_at: string;
  readonly revoked_at: string | null;
  /** Set when the key was made through an OAuth grant: the key works only while that grant stands. */
  readonly grant_id: Id | null;
  /** Absent on keys made before it was kept: read through `creatorOf`. */
  readonly created_by?: KeyCreator;
}

export const creatorOf = (record: ApiKeyRecord): KeyCreator => record.created_by ?? UNKNOWN_CREATOR;

/** A key's place among the keys its creator made (`lsi2sk`): what a member's removal or new role ends or narrows. */
const CREATOR_PREFIX = 'CREATOR#';
const creatorOrder = (userId: Id) => `${CREATOR_PREFIX}${userId}#`;

interface LookupItem {
  readonly business_id: Id;
  readonly key_id: Id;
  readonly scopes: readonly string[];
  readonly options: readonly string[];
  readonly grant_id?: Id | null;
  /** The key's root creator, so that the keys it makes are recorded as that person's too. */
  readonly user_id?: Id | null;
}

export const apiKeyRecords = collection<ApiKeyRecord>({
  kind: 'APIKEY',
  order: (record) => byNameSortKey('KEY', record.created_at, record.id),
  order2: (record) => (record.created_by?.user_id ? `${creatorOrder(record.created_by.user_id)}${record.created_at}#${record.id}` : undefined),
});

/** The keys a person made in a business (by any path), revoked ones included. */
export async function keysMadeBy(businessId: Id, userId: Id): Promise<ApiKeyRecord[]> {
  return apiKeyRecords.all(businessId, {}, { prefix: creatorOrder(userId), counter: 'ALL', index: 'lsi2' });
}

/**
 * API keys carry 256 random bits, so a plain SHA-256 is the right stored form: a slow password hash adds
 * nothing against guessing a 256-bit secret and would slow down every request.
 */
export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

export interface IssuedApiKey {
  readonly record: ApiKeyRecord;
  /** Shown once, to the caller that created it. */
  readonly key: string;
}

/** A key's secret is never in the trail, not even hashed. */
export const KEY_SECRETS: ReadonlySet<string> = new Set(['secret_hash']);

export async function issueApiKey(
  businessId: Id,
  input: { name: string; scopes: readonly Scope[]; options: readonly ApiKeyOption[]; grantId?: Id | null; creator?: KeyCreator },
  /** Conditions the key is made under (the creator's standing unchanged since it was read), each `[label, key, condition]`. */
  standing: readonly (readonly [string, Key, Condition])[] = [],
): Promise<IssuedApiKey> {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const record: ApiKeyRecord = {
    id: newId(),
    name: input.name,
    scopes: [...new Set(input.scopes)],
    options: [...new Set(input.options)],
    hint: key.slice(0, KEY_PREFIX.length + 6),
    secret_hash: hashApiKey(key),
    created_at: new Date().toISOString(),
    revoked_at: null,
    grant_id: input.grantId ?? null,
    created_by: input.creator ?? UNKNOWN_CREATOR,
  };
  const lookup: LookupItem = { business_id: businessId, key_id: record.id, scopes: record.scopes, options: record.options, grant_id: record.grant_id, user_id: creatorOf(record).user_id };
  const tx = new WriteTransaction();
  for (const [label, key, condition] of standing) tx.check(label, key, condition);
  apiKeyRecords.addCreate(tx, businessId, record);
  tx.put('APIKEY:lookup', { ...apiKeyLookupKey(record.secret_hash), entity: 'APIKEY_LOOKUP', ...lookup }, mustNotExist);
  addAuditEntry(tx, businessId, createdAction('api_key', record, [], { secret: KEY_SECRETS }));
  await tx.commit();
  return { record, key };
}

/**
 * Narrows a key to what its maker still holds, or revokes it when nothing is left: the record and the lookup item
 * the key is resolved by, in one transaction. A key already narrow enough is left as it is.
 */
export async function narrowApiKey(businessId: Id, keyId: Id, held: { readonly scopes: ReadonlySet<string>; readonly options: ReadonlySet<string> }): Promise<'kept' | 'narrowed' | 'revoked'> {
  const stored = await apiKeyRecords.get(businessId, keyId);
  if (!stored || stored.record.revoked_at) return 'kept';
  const narrowed = narrowedTo(stored.record, held);
  if (!narrowed) return (await revokeApiKey(businessId, keyId)) ? 'revoked' : 'kept';
  if (narrowed.scopes.length === stored.record.scopes.length && narrowed.options.length === stored.record.options.length) return 'kept';
  const tx = new WriteTransaction();
  apiKeyRecords.addReplace(tx, businessId, { ...stored.record, ...narrowed }, stored.version);
  addAuditEntry(tx, businessId, changedAction('narrowed', 'api_key', stored.record, { ...stored.record, ...narrowed }, [], { secret: KEY_SECRETS }));
  tx.update('APIKEY:lookup', apiKeyLookupKey(stored.record.secret_hash), { expression: 'SET scopes = :scopes, options = :options', values: { ':scopes': narrowed.scopes, ':options': narrowed.options } }, { expression: 'attribute_exists(pk)' });
  await tx.commit();
  forgetCredentials(businessId);
  return 'narrowed';
}

/** Revokes a key at once: its lookup item is deleted in the same transaction that marks the record revoked. */
export async function revokeApiKey(businessId: Id, keyId: Id): Promise<boolean> {
  const stored = await apiKeyRecords.get(businessId, keyId);
  if (!stored || stored.record.revoked_at) return false;
  const tx = new WriteTransaction();
  const revoked = { ...stored.record, revoked_at: new Date().toISOString() };
  apiKeyRecords.addReplace(tx, businessId, revoked, stored.version);
  addAuditEntry(tx, businessId, changedAction('revoked', 'api_key', stored.record, revoked, [], { secret: KEY_SECRETS }));
  tx.delete('APIKEY:lookup', apiKeyLookupKey(stored.record.secret_hash));
  await tx.commit();
  forgetCredentials(businessId);
  return true;
}

export const apiKeyResolver: CredentialResolver = {
  claims: (token) => token.startsWith(KEY_PREFIX),
  async resolve(token) {
    const hash = hashApiKey(token);
    const item = await getItem(apiKeyLookupKey(hash));
    if (!item || item.entity !== 'APIKEY_LOOKUP') return null;
    // Revocation deletes the lookup item in the same transaction that marks the key revoked, so one read
    // answers both "is this a key" and "is it still valid".
    const lookup = item as unknown as LookupItem;
    const grantId = lookup.grant_id ?? null;
    // A key made through an OAuth grant ends with it: one more read, paid only by such keys.
    if (grantId && !(await grantStands(lookup.business_id, grantId))) return null;
    const credential: Credential = {
      kind: 'api_key',
      businessId: lookup.business_id,
      scopes: new Set(lookup.scopes.filter(isScope)),
      options: new Set(lookup.options.filter((option): option is ApiKeyOption => option === 'webhooks')),
      subject: lookup.key_id,
      grantId,
      userId: lookup.user_id ?? null,
    };
    return credential;
  },
};

export function apiKeyLookupKey(secretHash: string): Key {
  return { pk: `APIKEY#${secretHash}`, sk: 'APIKEY' };
}
