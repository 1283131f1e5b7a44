import { readFileSync } from 'node:fs';
import { createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { config } from '../../platform/config.ts';
import { traced } from '../../platform/observability/telemetry.ts';

export const SIGNING_ALGORITHM = 'ES256';

/** The stored form: newest first. The newest signs; every one listed still verifies (rotation overlap). */
export interface StoredKeys {
  readonly keys: readonly { readonly kid: string; readonly privateJwk: JsonWebKey; readonly created_at: string }[];
}

export interface SigningKeys {
  readonly current: { readonly kid: string; readonly key: KeyObject };
  readonly verify: ReadonlyMap<string, KeyObject>;
}


async function readStored(): Promise<StoredKeys> {
  const { SIGNING_KEYS_SECRET_ARN, SIGNING_KEYS_FILE } = config();
  if (SIGNING_KEYS_SECRET_ARN) {
    // Loaded only when the keys are read (once per cold start), not by every module that verifies tokens.
    const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
    const secret = await traced(new SecretsManagerClient({ region: config().AWS_REGION })).send(new GetSecretValueCommand({ SecretId: SIGNING_KEYS_SECRET_ARN }));
    return JSON.parse(secret.SecretString ?? '{"keys":[]}') as StoredKeys;
  }
  // The local runtime writes its key file once, beside its data, before it serves anything.
  if (!SIGNING_KEYS_FILE) throw new Error('No signing keys are configured (SIGNING_KEYS_SECRET_ARN or SIGNING_KEYS_FILE)');
  return JSON.parse(readFileSync(SIGNING_KEYS_FILE, 'utf8')) as StoredKeys;
}

async function load(): Promise<SigningKeys> {
  const stored = await readStored();
  const [newest] = stored.keys;
  if (!newest) throw new Error('The signing key store holds no key yet');
  const verify = new Map<string, KeyObject>();
  for (const entry of stored.keys) {
    const { d: _private, ...publicJwk } = entry.privateJwk;
    verify.set(entry.kid, createPublicKey({ key: publicJwk, format: 'jwk' }));
  }
  return { current: { kid: newest.kid, key: createPrivateKey({ key: newest.privateJwk, format: 'jwk' }) }, verify };
}

/** The least time between two reloads of the store for a key id it did not hold. */
export const UNKNOWN_KID_RELOAD_MS = 60_000;

/**
 * The keys, read once per cold start and read again when a token names a key id not seen yet (after a rotation),
 * but at most once a minute: anyone can forge a token header naming any kid, and each reload is a call to the
 * key store, so unknown kids must not be able to drive those calls.
 */
export function cachedKeys(loadKeys: () => Promise<SigningKeys>, now: () => number = Date.now, minReloadMs = UNKNOWN_KID_RELOAD_MS) {
  let loaded: Promise<SigningKeys> | undefined;
  let loadedAt = Number.NEGATIVE_INFINITY;
  const reload = () => {
    loadedAt = now();
    const attempt = loadKeys();
    loaded = attempt;
    attempt.catch(() => {
      if (loaded === attempt) loaded = undefined;
    });
    return attempt;
  };
  return async (refreshFor?: string): Promise<SigningKeys> => {
    const keys = await (loaded ?? reload());
    if (refreshFor && !keys.verify.has(refreshFor) && now() - loadedAt >= minReloadMs) return reload();
    return keys;
  };
}

export const signingKeys = cachedKeys(load);
