import { DelegationExceeded, NotFound, StateConflict } from '../../platform/core/errors.ts';
import { heldByRole, missingForDelegation } from '../oauth/delegation.ts';
import type { Id } from '../../platform/core/ids.ts';
import type { Page, PageRequest } from '../../platform/core/paging.ts';
import type { ApiKeyOption, Role, Scope } from '../../platform/http/scopes.ts';
import { TransactionConflict } from '../../platform/db/transaction.ts';
import { membershipOf, unchangedRole } from '../members/memberships.ts';
import { apiKeyRecords, creatorOf, issueApiKey, keysMadeBy, narrowApiKey, revokeApiKey, type ApiKeyRecord } from './api-keys.ts';
import type { KeyCreationPath } from './schemas.ts';
import type { Credential } from './credential.ts';

export function toApiKeyResource(record: ApiKeyRecord) {
  const { secret_hash: _hash, created_by: _creator, ...resource } = record;
  return { ...resource, grant_id: resource.grant_id ?? null, created_by: creatorOf(record) };
}

const CREATION_PATH: Record<Credential['kind'], KeyCreationPath> = { session: 'dashboard', api_key: 'api_key', access_token: 'grant' };

/**
 * Creates a key on behalf of `creator`: it gets at most the creator's own scopes and options, and at most what the
 * person at the root of the chain still holds in the business (asking for more is refused before anything is
 * written); it records that person and how it was made, and commits only while their role is the one read, so a
 * removal or demotion racing it cannot leave a key with the old power. A key made under an OAuth grant belongs
 * to that grant.
 */
export async function createApiKey(creator: Credential, input: { name: string; scopes: Scope[]; options: ApiKeyOption[] }) {
  const missing = missingForDelegation(creator, input);
  if (missing.length > 0) throw new DelegationExceeded(missing);
  const membership = creator.userId ? await membershipOf(creator.userId, creator.businessId) : undefined;
  if (creator.userId) {
    const beyondRole = membership ? missingForDelegation(heldByRole(membership.role), input) : [...input.scopes, ...input.options.map((option) => `option:${option}`)];
    if (beyondRole.length > 0) throw new DelegationExceeded(beyondRole);
  }
  const standing = creator.userId && membership ? unchangedRole(creator.userId, membership) : null;
  const madeBy = { user_id: creator.userId, via: CREATION_PATH[creator.kind], key_id: creator.kind === 'api_key' ? (creator.subject as Id) : null };
  try {
    const issued = await issueApiKey(creator.businessId, { name: input.name, scopes: input.scopes, options: input.options, grantId: creator.grantId, creator: madeBy }, standing ? [['MEMBERSHIP:standing', standing.key, standing.condition]] : []);
    return { ...toApiKeyResource(issued.record), key: issued.key };
  } catch (error) {
    if (error instanceof TransactionConflict && error.failedOn('MEMBERSHIP:standing')) throw new StateConflict("The key's maker's role in this business changed while it was made; nothing was created.");
    throw error;
  }
}

export async function listApiKeys(businessId: Id, page: PageRequest): Promise<Page<ReturnType<typeof toApiKeyResource>>> {
  const result = await apiKeyRecords.page(businessId, page);
  return { ...result, items: result.items.map(toApiKeyResource) };
}

export async function deleteApiKey(businessId: Id, id: Id) {
  const stored = await apiKeyRecords.get(businessId, id);
  if (!stored) throw new NotFound('API key');
  await revokeApiKey(businessId, id);
  return toApiKeyResource((await apiKeyRecords.get(businessId, id))!.record);
}

/** The live keys a person made in a business: what their removal ends, and what a lower role narrows. */
export async function liveKeysMadeBy(businessId: Id, userId: Id): Promise<ApiKeyRecord[]> {
  return (await keysMadeBy(businessId, userId)).filter((record) => !record.revoked_at);
}

/**
 * What a member's change does to the keys they made: a removal (`role` null) revokes them all; a lower role
 * narrows each to the scopes and options the new role holds, and revokes a key left with none. Narrowing rather
 * than ending keeps an integration running on what its maker may still do, which is all a key may ever hold.
 */
export async function settleKeysOf(businessId: Id, userId: Id, role: Role | null): Promise<{ readonly revoked: number; readonly narrowed: number }> {
  let revoked = 0;
  let narrowed = 0;
  const held = role ? heldByRole(role) : { scopes: new Set<string>(), options: new Set<string>() };
  for (const key of await liveKeysMadeBy(businessId, userId)) {
    const outcome = await narrowApiKey(businessId, key.id, held);
    if (outcome === 'revoked') revoked++;
    if (outcome === 'narrowed') narrowed++;
  }
  return { revoked, narrowed };
}
