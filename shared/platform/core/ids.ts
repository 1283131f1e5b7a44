import { createHash, randomUUID } from 'node:crypto';

/** A UUID in its canonical form: lowercase with dashes. */
export type Id = string & { readonly __brand: 'Id' };

const DASHED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNDASHED = /^[0-9a-f]{32}$/;

/**
 * Accepts a UUID with or without dashes, in any case, and returns the canonical form,
 * or null when the text is not a UUID at all.
 */
export function normalizeId(text: string): Id | null {
  const lower = text.trim().toLowerCase();
  if (DASHED.test(lower)) return lower as Id;
  if (UNDASHED.test(lower)) {
    return `${lower.slice(0, 8)}-${lower.slice(8, 12)}-${lower.slice(12, 16)}-${lower.slice(16, 20)}-${lower.slice(20)}` as Id;
  }
  return null;
}

export function newId(): Id {
  return randomUUID() as Id;
}

/**
 * An id derived from a seed: the same seed always gives the same id, so a record can be found or created
 * without a lookup. The form is a UUID version 8 (RFC 9562: custom), from SHA-256.
 */
export function derivedId(seed: string): Id {
  const hex = createHash('sha256').update(seed).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}` as Id;
}
