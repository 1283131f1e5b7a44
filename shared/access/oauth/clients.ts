import { randomBytes } from 'node:crypto';
import { type Key } from '../../platform/db/keys.ts';
import { getItem } from '../../platform/db/query.ts';
import { mustNotExist, WriteTransaction } from '../../platform/db/transaction.ts';
import { newId, type Id } from '../../platform/core/ids.ts';
import { sha256Hex } from '../../platform/core/hashing.ts';

export interface OAuthClientRecord {
  readonly client_id: Id;
  readonly name: string;
  /** Compared exactly, character for character (RFC 9700 section 4.1). */
  readonly redirect_uris: readonly string[];
  readonly secret_hash: string;
  readonly created_at: string;
}

/** Client secrets are 256 random bits, so SHA-256 is a sufficient stored form (as for API keys). */
export function hashClientSecret(secret: string): string {
  return sha256Hex(secret);
}

function newClientSecret(): string {
  return `cs_${randomBytes(32).toString('base64url')}`;
}

export async function registerClient(input: { name: string; redirect_uris: readonly string[] }): Promise<{ client: OAuthClientRecord; secret: string }> {
  const secret = newClientSecret();
  const client: OAuthClientRecord = {
    client_id: newId(),
    name: input.name,
    redirect_uris: [...input.redirect_uris],
    secret_hash: hashClientSecret(secret),
    created_at: new Date().toISOString(),
  };
  const tx = new WriteTransaction();
  tx.put('CLIENT:create', { ...oauthClientKey(client.client_id), entity: 'CLIENT', ...client }, mustNotExist);
  await tx.commit();
  return { client, secret };
}

/** Issues a new secret; the old one stops working in the same write. */
export async function rotateClientSecret(clientId: Id): Promise<string> {
  const secret = newClientSecret();
  const tx = new WriteTransaction();
  tx.update('CLIENT:secret', oauthClientKey(clientId), { expression: 'SET secret_hash = :hash', values: { ':hash': hashClientSecret(secret) } }, { expression: 'attribute_exists(pk)' });
  await tx.commit();
  return secret;
}

export async function getClient(clientId: Id): Promise<OAuthClientRecord | undefined> {
  return (await getItem(oauthClientKey(clientId))) as OAuthClientRecord | undefined;
}

/** OAuth clients act for users of many businesses; they too are not business-scoped. */
export function oauthClientKey(clientId: Id): Key {
  return { pk: `CLIENT#${clientId}`, sk: 'CLIENT' };
}
