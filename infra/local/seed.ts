import { randomBytes } from 'node:crypto';
import { type Key } from '../../shared/platform/db/keys.ts';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { createBusiness } from '../../shared/access/businesses/businesses.ts';
import { getItem } from '../../shared/platform/db/query.ts';
import { WriteTransaction } from '../../shared/platform/db/transaction.ts';
import type { Id } from '../../shared/platform/core/ids.ts';
import { API_KEY_OPTIONS, SCOPES } from '../../shared/platform/http/scopes.ts';
import { apiKeyResolver, issueApiKey, revokeApiKey } from '../../shared/access/keys/api-keys.ts';
import { getClient, hashClientSecret, registerClient, rotateClientSecret } from '../../shared/access/oauth/clients.ts';
import { verifyPassword } from '../../shared/access/users/passwords.ts';
import { createUser } from '../../shared/access/members/members.ts';
import { findUserByEmail, setPassword } from '../../shared/access/users/users.ts';

export const DEV_CREDENTIALS_FILE = 'dev-credentials.json';

const SEED_USER = { email: 'owner@example.test', name: 'Dev Owner' };
const SEED_BUSINESSES = [
  { name: 'Northwind Traders', currency: 'USD' },
  { name: 'Contoso Studio', currency: 'EUR' },
] as const;
export const SEED_REDIRECT_URI = 'http://127.0.0.1:8765/callback';

const DevCredentialsSchema = v.object({
  base_url: v.string(),
  auth_url: v.string(),
  user: v.object({ email: v.string(), password: v.string() }),
  client: v.object({ client_id: v.string(), client_secret: v.string(), redirect_uri: v.string() }),
  businesses: v.array(v.object({ id: v.string(), name: v.string(), api_key: v.string() })),
});
export type DevCredentials = v.InferOutput<typeof DevCredentialsSchema>;

/** What the seed remembers in the table: which records it made, so a restart can refresh their secrets. */
interface SeedMarker {
  readonly user_id: Id;
  readonly client_id: Id;
  readonly businesses: readonly { id: Id; name: string; key_id: Id }[];
}

const newPassword = () => randomBytes(12).toString('base64url');

async function issueSeedKey(businessId: Id) {
  return issueApiKey(businessId, { name: 'Local development (all scopes)', scopes: SCOPES, options: API_KEY_OPTIONS });
}

async function saveMarker(marker: SeedMarker): Promise<void> {
  const tx = new WriteTransaction();
  tx.put('SEED:marker', { ...localSeedKey(), entity: 'LOCAL_SEED', ...marker });
  await tx.commit();
}

async function seedFresh(): Promise<Omit<DevCredentials, 'base_url' | 'auth_url'>> {
  const businesses = [];
  for (const spec of SEED_BUSINESSES) {
    const business = await createBusiness(spec);
    const issued = await issueSeedKey(business.id);
    businesses.push({ id: business.id, name: business.name, api_key: issued.key, key_id: issued.record.id });
  }
  const password = newPassword();
  const user = await createUser({ ...SEED_USER, password, memberships: businesses.map((business) => ({ business_id: business.id, role: 'owner' as const })) });
  const { client, secret } = await registerClient({ name: 'Local development app', redirect_uris: [SEED_REDIRECT_URI] });
  await saveMarker({ user_id: user.id, client_id: client.client_id, businesses: businesses.map(({ id, name, key_id }) => ({ id, name, key_id })) });
  return {
    user: { email: user.email, password },
    client: { client_id: client.client_id, client_secret: secret, redirect_uri: SEED_REDIRECT_URI },
    businesses: businesses.map(({ id, name, api_key }) => ({ id, name, api_key })),
  };
}

/** True when every secret in a previous credentials file still opens what the seed made. */
async function stillValid(previous: DevCredentials, marker: SeedMarker): Promise<boolean> {
  for (const business of marker.businesses) {
    const listed = previous.businesses.find((candidate) => candidate.id === business.id);
    const credential = listed ? await apiKeyResolver.resolve(listed.api_key) : null;
    if (credential?.businessId !== business.id) return false;
    // A key seeded before a scope existed is replaced, so the seeded keys always hold every scope.
    if (!SCOPES.every((scope) => credential.scopes.has(scope))) return false;
  }
  const user = await findUserByEmail(previous.user.email);
  const client = await getClient(marker.client_id);
  return !!user && (await verifyPassword(previous.user.password, user.password_hash)) && client?.secret_hash === hashClientSecret(previous.client.client_secret);
}

/** The data was kept but its secrets were lost: new keys, password and client secret for the same records. */
async function refreshSecrets(marker: SeedMarker): Promise<Omit<DevCredentials, 'base_url' | 'auth_url'>> {
  const businesses = [];
  for (const business of marker.businesses) {
    await revokeApiKey(business.id, business.key_id);
    const issued = await issueSeedKey(business.id);
    businesses.push({ id: business.id, name: business.name, api_key: issued.key, key_id: issued.record.id });
  }
  const password = newPassword();
  await setPassword(marker.user_id, password);
  const secret = await rotateClientSecret(marker.client_id);
  await saveMarker({ ...marker, businesses: businesses.map(({ id, name, key_id }) => ({ id, name, key_id })) });
  return {
    user: { email: SEED_USER.email, password },
    client: { client_id: marker.client_id, client_secret: secret, redirect_uri: SEED_REDIRECT_URI },
    businesses: businesses.map(({ id, name, api_key }) => ({ id, name, api_key })),
  };
}

function readPrevious(file: string): DevCredentials | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = v.safeParse(DevCredentialsSchema, JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/**
 * Seeds two businesses, an owner of both, an OAuth client and an all-scope API key per business on a start with
 * no data; on every start, writes `<dataDir>/dev-credentials.json` with working secrets.
 */
export async function seedAndWriteCredentials(dataDir: string, baseUrl: string): Promise<DevCredentials> {
  const file = join(dataDir, DEV_CREDENTIALS_FILE);
  const marker = (await getItem(localSeedKey())) as SeedMarker | undefined;
  let secrets: Omit<DevCredentials, 'base_url' | 'auth_url'>;
  if (!marker) {
    secrets = await seedFresh();
  } else {
    const previous = readPrevious(file);
    secrets = previous && (await stillValid(previous, marker)) ? previous : await refreshSecrets(marker);
  }
  const credentials: DevCredentials = {
    base_url: baseUrl,
    auth_url: baseUrl,
    user: secrets.user,
    client: secrets.client,
    businesses: secrets.businesses.map(({ id, name, api_key }) => ({ id, name, api_key })),
  };
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}

/** Written by the local runtime's seed so that a restart with data can find what it created. */
export function localSeedKey(): Key {
  return { pk: 'LOCAL#SEED', sk: 'SEED' };
}
