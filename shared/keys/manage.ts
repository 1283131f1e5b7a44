import { NotFound } from '../domain/errors.ts';
import type { Id } from '../domain/ids.ts';
import type { Page, PageRequest } from '../domain/paging.ts';
import type { ApiKeyOption, Scope } from '../domain/scopes.ts';
import { apiKeyRecords, issueApiKey, revokeApiKey, type ApiKeyRecord } from './api-keys.ts';

export function toApiKeyResource(record: ApiKeyRecord) {
  const { secret_hash: _hash, ...resource } = record;
  return resource;
}

export async function createApiKey(businessId: Id, input: { name: string; scopes: string[]; options: ApiKeyOption[] }) {
  const issued = await issueApiKey(businessId, { name: input.name, scopes: input.scopes as Scope[], options: input.options });
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
