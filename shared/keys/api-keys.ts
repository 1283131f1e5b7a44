import { forgetCredentials } from './credential-cache.ts';
import { randomBytes } from 'node:crypto';
import { collection } from '../db/collection.ts';
import { apiKeyLookupKey, byNameSortKey } from '../db/keys.ts';
import { getItem } from '../db/query.ts';
import { grantStands } from '../oauth/grant-status.ts';
import { WriteTransaction, mustNotExist } from '../db/transaction.ts';
import { newId, type Id } from '../domain/ids.ts';
import { isScope, type ApiKeyOption, type Scope } from '../domain/scopes.ts';
import type { Credential, CredentialResolver } from './credential.ts';
import { sha256Hex } from '../domain/hashing.ts';

const KEY_PREFIX = 'ak_';

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
}

interface LookupItem {
  readonly business_id: Id;
  readonly key_id: Id;
  readonly scopes: readonly string[];
  readonly options: readonly string[];
  readonly grant_id?: Id | null;
}

export const apiKeyRecords = collection<ApiKeyRecord>({
  kind: 'APIKEY',
  order: (record) => byNameSortKey('KEY', record.created_at, record.id),
});

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

export async function issueApiKey(
  businessId: Id,
  input: { name: string; scopes: readonly Scope[]; options: readonly ApiKeyOption[]; grantId?: Id | null },
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
  };
  const lookup: LookupItem = { business_id: businessId, key_id: record.id, scopes: record.scopes, options: record.options, grant_id: record.grant_id };
  const tx = new WriteTransaction();
  apiKeyRecords.addCreate(tx, businessId, record);
  tx.put('APIKEY:lookup', { ...apiKeyLookupKey(record.secret_hash), entity: 'APIKEY_LOOKUP', ...lookup }, mustNotExist);
  await tx.commit();
  return { record, key };
}

/** Revokes a key at once: its lookup item is deleted in the same transaction that marks the record revoked. */
export async function revokeApiKey(businessId: Id, keyId: Id): Promise<boolean> {
  const stored = await apiKeyRecords.get(businessId, keyId);
  if (!stored || stored.record.revoked_at) return false;
  const tx = new WriteTransaction();
  apiKeyRecords.addReplace(tx, businessId, { ...stored.record, revoked_at: new Date().toISOString() }, stored.version);
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
    };
    return credential;
  },
};
