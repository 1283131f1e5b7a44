import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../../platform/core/hashing.ts';

/** A fresh secret value (session, code, refresh token): 256 random bits, base64url, with a readable prefix. */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Such values carry 256 random bits, so they are stored and looked up by their SHA-256 only. */
export function hashSecret(value: string): string {
  return sha256Hex(value);
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
