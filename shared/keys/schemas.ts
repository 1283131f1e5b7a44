import * as v from 'valibot';
import { API_KEY_OPTIONS, isScope, SCOPES, type Scope } from '../domain/scopes.ts';
import { PagingQuery, ResourceId, Text, Timestamp } from '../domain/fields.ts';

export const ApiKeyCreate = v.strictObject({
  name: Text(100),
  scopes: v.pipe(v.array(v.pipe(v.string(), v.check(isScope, 'must be a scope of the service'))), v.minLength(1, 'must hold at least one scope'), v.maxLength(SCOPES.length, `must list at most ${SCOPES.length} scopes`), v.transform((scopes) => scopes as Scope[])),
  options: v.optional(v.array(v.picklist(API_KEY_OPTIONS, 'must be webhooks')), []),
});

export const ApiKey = v.object({
  id: ResourceId,
  name: v.string(),
  scopes: v.array(v.string()),
  options: v.array(v.string()),
  hint: v.pipe(v.string(), v.description('The first characters of the key, to tell keys apart.')),
  created_at: Timestamp,
  revoked_at: v.nullable(Timestamp),
  grant_id: v.pipe(v.nullable(ResourceId), v.description('The OAuth grant the key was created through; the key stops working when that grant is revoked.')),
});

export const ApiKeyWithSecret = v.object({ ...ApiKey.entries, key: v.pipe(v.string(), v.description('The key itself. Shown only here.')) });

export const ApiKeyListQuery = v.strictObject({ ...PagingQuery });
