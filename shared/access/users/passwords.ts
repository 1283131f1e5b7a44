import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';

/**
 * Passwords are hashed with scrypt from Node's own crypto module: maintained with the runtime itself, the same
 * on a laptop and on Lambda's ARM64, and with no native add-on to bundle. Parameters follow OWASP's scrypt
 * guidance (N=2^17, r=8, p=1) and are stored with each hash so they can be raised later.
 */
const PARAMS = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;

/**
 * One hash at a time per process, and at most 32 waiting: each takes ~0.5 s of a core and 128 MiB, so a flood of
 * sign-ins must queue behind one another instead of taking every core from the API beside them. On Lambda an
 * instance serves one request at a time anyway; this matters where one process serves everything.
 */
const hashing = pLimit(1);
export const MAX_WAITING_HASHES = 32;

/** Raised instead of queueing a hash when the queue is full: the caller answers "busy, try again". */
export class HashingBusy extends Error {}

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  if (hashing.pendingCount >= MAX_WAITING_HASHES) return Promise.reject(new HashingBusy('Too many password checks are waiting.'));
  return hashing(() => new Promise<Buffer>((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (error, key) => (error ? reject(error) : resolve(key)))));
}

/**
 * A hash of no one's password, in the same parameters as real ones. Checking a password against it when no
 * account matches does the same work as checking a real account, so timing does not tell which e-mails exist.
 */
const NO_ACCOUNT_HASH = 'scrypt$131072$8$1$SZXmZa56l35Y62sjeOPDFA$hIwmEdiJ2SVJeegHOrClXilKraZU5vFcfMkVsqSTnmA';

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Checks a password against a stored hash, or against the no-account hash when there is no account. */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const matches = await verifyAgainst(password, stored ?? NO_ACCOUNT_HASH);
  return stored !== undefined && matches;
}

async function verifyAgainst(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem });
  return actual.byteLength === expected.byteLength && timingSafeEqual(actual, expected);
}
