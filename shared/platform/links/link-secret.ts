/**
 * The service's link secret: the key of every token a link carries that the service must be able to make again but
 * nobody may guess (an invoice's public page, a member's invitation). A token is an HMAC-SHA256 of what it opens,
 * under a label of its own purpose, so a token of one kind never opens another; the table keeps only its hash.
 * The secret is a Secrets Manager secret on AWS (never rotated: a rotation would break every link sent), a file
 * beside the data locally.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { config } from '../config.ts';
import { traced } from '../observability/telemetry.ts';

let secret: Promise<Buffer> | undefined;

async function readSecret(): Promise<Buffer> {
  const { LINK_SECRET_ARN, LINK_SECRET_FILE } = config();
  if (LINK_SECRET_ARN) {
    const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
    const answer = await traced(new SecretsManagerClient({ region: config().AWS_REGION })).send(new GetSecretValueCommand({ SecretId: LINK_SECRET_ARN }));
    return Buffer.from(answer.SecretString ?? '', 'utf8');
  }
  if (!LINK_SECRET_FILE) throw new Error('No link secret is configured (LINK_SECRET_ARN or LINK_SECRET_FILE)');
  return readFileSync(LINK_SECRET_FILE);
}

/** The local runtime's link secret: made once, kept beside the data (with --memory too, like the credentials). */
export function ensureLocalLinkSecret(file: string): void {
  if (existsSync(file)) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
}

/** A link's token (43 characters of base64url) for `purpose`, a labelled statement of what it opens. */
export async function linkToken(purpose: string): Promise<string> {
  secret ??= readSecret();
  return createHmac('sha256', await secret).update(purpose).digest('base64url');
}

/** How a token is stored and looked up: its SHA-256, never the token. */
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What every link token looks like; anything else is refused before any read. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
