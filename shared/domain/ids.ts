import { randomUUID } from 'node:crypto';

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
