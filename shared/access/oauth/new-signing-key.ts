import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { SIGNING_ALGORITHM } from './signing-keys.ts';

/**
 * A new signing key in its stored form. Only the key rotation function and the local runtime make keys, so key
 * generation lives apart from verification and every API function's bundle is spared it.
 */
export async function newStoredKey() {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  return { kid: `key-${new Date().toISOString().slice(0, 10)}-${Math.random().toString(36).slice(2, 8)}`, privateJwk, created_at: new Date().toISOString() };
}

/** The local runtime's key file, written once with one key if it does not exist yet. */
export async function ensureLocalKeyFile(file: string): Promise<void> {
  if (existsSync(file)) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ keys: [await newStoredKey()] }), { mode: 0o600, flag: 'wx' });
}
