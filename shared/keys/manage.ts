import { DelegationExceeded, NotFound } from '../domain/errors.ts';
import { missingForDelegation } from '../domain/delegation.ts';
import type { Id } from '../domain/ids.ts';
import type { Page, PageRequest } from '../domain/paging.ts';
import type { ApiKeyOption, Scope } from '../domain/scopes.ts';
import { apiKeyRecords, issueApiKey, revokeApiKey, type ApiKeyRecord } from './api-keys.ts';
import type { Credential } from './credential.ts';

export function toApiKeyResource(record: ApiKeyRecord) {
  const { secret_hash: _hash, ...resource } = record;
  return { ...resource, grant_id: resource.grant_id ?? null };
}

/**
 * Creates a key on behalf of `creator`: it gets at most the creator's own scopes and options (asking for more is
 * refused before anything is written), and a key made under an OAuth grant belongs to that grant.
 */
export async function createApiKey(creator: Credential, input: { name: string; scopes: Scope[]; options: ApiKeyOption[] }) {
  const missing = missingForDelegation(creator, input);
  if (missing.length > 0) throw new DelegationExceeded(missing);
  const issued = await issueApiKey(creator.businessId, { name: input.name, scopes: input.scopes, options: input.options, grantId: creator.grantId });
  return { ...toApiKeyResource(issued.record), key: issued.key };
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
