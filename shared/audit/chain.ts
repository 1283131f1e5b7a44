/**
 * The audit trail's hash chain, pure: each business's entries in `seq` order (gapless from 1), each entry's `hash`
 * the SHA-256 of its predecessor's hash and its own canonical JSON (RFC 8785, by the `canonicalize` package: the
 * same bytes in every language that implements the RFC, so an auditor's own tool recomputes it), the business
 * keeping the head (the last seq and hash) so that removing the last entry is found too. A chainer assigns
 * `seq`, `prev_hash` and `hash` off the request path (docs/audit-trail.md); `verifyStretch` recomputes a stretch.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { AuditEntry } from '../platform/trail/entry.ts';

export type { AuditActor, AuditChange, AuditEntry, AuditRecordRef } from '../platform/trail/entry.ts';

/** The hash before the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

export type ChainedEntry = AuditEntry & { readonly seq: number; readonly prev_hash: string; readonly hash: string };

/** The head a business keeps: its last chained entry's seq and hash (0 and the genesis hash before any). */
export interface ChainHead {
  readonly seq: number;
  readonly hash: string;
}

export const EMPTY_HEAD: ChainHead = { seq: 0, hash: GENESIS_HASH };

/** The hash of an entry at its place: SHA-256 of the previous hash and the entry's canonical JSON without its own hash. */
export function entryHash(entry: Omit<AuditEntry, 'hash'> & { readonly hash?: string | null }): string {
  const { hash: _own, ...hashed } = entry;
  return createHash('sha256')
    .update(`${hashed.prev_hash ?? ''}\n${canonicalize(hashed)}`)
    .digest('hex');
}

/**
 * Chains unchained entries after `head`, in the order given (the chainer orders a batch by `at`, then `id`): each
 * gets the next seq, its predecessor's hash and its own. Returns the entries and the new head.
 */
export function chainAfter(head: ChainHead, entries: readonly AuditEntry[]): { readonly chained: ChainedEntry[]; readonly head: ChainHead } {
  let last = head;
  const chained = entries.map((entry): ChainedEntry => {
    const placed = { ...entry, seq: last.seq + 1, prev_hash: last.hash };
    const hash = entryHash(placed);
    last = { seq: placed.seq, hash };
    return { ...placed, hash };
  });
  return { chained, head: last };
}

/** What `GET /audit-log/verify` answers for a stretch. */
export interface Verification {
  readonly checked: number;
  readonly ok: boolean;
  /** The first seq whose entry is altered, missing or out of place; null when the stretch holds. */
  readonly first_bad_seq: number | null;
  readonly head_seq: number;
}

/**
 * Recomputes a stretch of the chain from `fromSeq`, given the entries stored there in seq order, the hash the
 * entry before `fromSeq` carries (the genesis hash from 1) and the business's head. An entry altered (its hash no
 * longer its own), removed (a seq missing), moved (a seq out of order, or a predecessor's hash not its own), or the
 * last one removed (the head beyond the stored entries) names the first bad seq.
 */
export function verifyStretch(entries: readonly AuditEntry[], fromSeq: number, previousHash: string, head: ChainHead, toSeq: number = head.seq): Verification {
  let expectedSeq = fromSeq;
  let previous = previousHash;
  let checked = 0;
  const bad = (seq: number): Verification => ({ checked, ok: false, first_bad_seq: seq, head_seq: head.seq });
  for (const entry of entries) {
    if (entry.seq !== expectedSeq || entry.prev_hash !== previous || entry.hash === null || entryHash(entry) !== entry.hash) return bad(expectedSeq);
    checked++;
    previous = entry.hash;
    expectedSeq++;
  }
  const last = Math.min(toSeq, head.seq);
  if (expectedSeq <= last) return bad(expectedSeq);
  if (last === head.seq && head.seq >= fromSeq && previous !== head.hash) return bad(head.seq);
  return { checked, ok: true, first_bad_seq: null, head_seq: head.seq };
}
