import * as v from 'valibot';
import { API_KEY_OPTIONS, isScope, SCOPES, type Scope } from '../../platform/http/scopes.ts';
import { PagingQuery, ResourceId, Text, Timestamp } from '../../platform/core/fields.ts';


/** How a key was made: in the dashboard, by another API key, through an OAuth grant; `unknown` before this was kept. */
export const KEY_CREATION_PATHS = ['dashboard', 'api_key', 'grant', 'unknown'] as const;
export type KeyCreationPath = (typeof KEY_CREATION_PATHS)[number];

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
  created_by: v.pipe(
    v.object({
      user_id: v.pipe(v.nullable(ResourceId), v.description('The person at the root of the chain that made the key; null when unknown.')),
      via: v.pipe(v.picklist(KEY_CREATION_PATHS), v.description('dashboard, api_key (made by another key), grant (through an OAuth app), or unknown for keys made before this was recorded.')),
      key_id: v.pipe(v.nullable(ResourceId), v.description('The key that made this one, when one did.')),
    }),
    v.description("Who made the key. Removing that person from the business revokes it; lowering their role narrows it to the new role's scopes (revoked when none is left)."),
  ),
});

export const ApiKeyWithSecret = v.object({ ...ApiKey.entries, key: v.pipe(v.string(), v.description('The key itself. Shown only here.')) });

export const ApiKeyListQuery = v.strictObject({ ...PagingQuery });
