import { createHash } from 'node:crypto';

/**
 * SHA-256 as lowercase hex: how the service stores and looks up values that carry 256 random bits (keys, secrets,
 * tokens) and turns client-chosen strings (Idempotency-Keys, external ids, e-mails) into bounded, safe key parts.
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
