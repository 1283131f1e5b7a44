import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainAfter, EMPTY_HEAD, entryHash, GENESIS_HASH, verifyStretch, type AuditEntry, type ChainedEntry } from '../../shared/audit/chain.ts';
import { changesOf, SECRET_VALUE } from '../../shared/platform/trail/changes.ts';

const entry = (n: number, field = 'total'): AuditEntry => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  seq: null,
  at: `2026-11-27T04:${String(n % 60).padStart(2, '0')}:00.000Z`,
  actor: { type: 'user', id: 'u1', name: 'Ada', user_id: 'u1' },
  action: n % 3 === 0 ? 'voided' : 'created',
  record: { type: 'invoice', id: `inv-${n}`, no: `INV-${String(n).padStart(5, '0')}` },
  related: [],
  changes: [{ field, from: null, to: n }],
  request_id: `req-${n}`,
  client_ip: '192.0.2.1',
  prev_hash: null,
  hash: null,
});

const chainOf = (count: number) => chainAfter(EMPTY_HEAD, Array.from({ length: count }, (_, index) => entry(index + 1)));

describe('the audit hash chain', () => {
  it('chains in order from 1: each entry names its predecessor\'s hash, and its own is SHA-256 over its canonical JSON', () => {
    const { chained, head } = chainOf(3);
    expect(chained.map((chainedEntry) => chainedEntry.seq)).toEqual([1, 2, 3]);
    expect(chained[0]!.prev_hash).toBe(GENESIS_HASH);
    expect(chained[1]!.prev_hash).toBe(chained[0]!.hash);
    expect(head).toEqual({ seq: 3, hash: chained[2]!.hash });
    // The key order of the stored item does not matter: the hash is over the canonical form.
    const reordered = Object.fromEntries(Object.entries(chained[1]!).reverse()) as unknown as ChainedEntry;
    expect(entryHash(reordered)).toBe(chained[1]!.hash);
    expect(chained[1]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a chain continued from its head verifies as one', () => {
    const first = chainOf(2);
    const next = chainAfter(first.head, [entry(3), entry(4)]);
    expect(next.chained.map((chainedEntry) => chainedEntry.seq)).toEqual([3, 4]);
    expect(verifyStretch([...first.chained, ...next.chained], 1, GENESIS_HASH, next.head)).toEqual({ checked: 4, ok: true, first_bad_seq: null, head_seq: 4 });
    // A stretch from the middle starts from its predecessor's hash.
    expect(verifyStretch(next.chained, 3, first.head.hash, next.head)).toMatchObject({ ok: true, checked: 2 });
  });

  it('property: an entry altered, removed or swapped, or the last removed, names the first bad seq', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 30 }), fc.nat(), fc.constantFrom('alter', 'remove', 'swap', 'remove-last'), (count, pick, tamper) => {
        const { chained, head } = chainOf(count);
        const at = pick % (count - 1);
        const stored: AuditEntry[] = [...chained];
        let expected: number;
        if (tamper === 'alter') {
          stored[at] = { ...stored[at]!, changes: [{ field: 'total', from: null, to: 999_999 }] };
          expected = at + 1;
        } else if (tamper === 'remove') {
          stored.splice(at, 1);
          expected = at + 1;
        } else if (tamper === 'swap') {
          [stored[at], stored[at + 1]] = [stored[at + 1]!, stored[at]!];
          expected = at + 1;
        } else {
          stored.pop();
          expected = count;
        }
        expect(verifyStretch(stored, 1, GENESIS_HASH, head)).toMatchObject({ ok: false, first_bad_seq: expected, head_seq: count });
        expect(verifyStretch(chained, 1, GENESIS_HASH, head).ok).toBe(true);
      }),
    );
  });

  it('an entry rewritten with a recomputed hash of its own still breaks its successor\'s link', () => {
    const { chained, head } = chainOf(4);
    const forged = { ...chained[1]!, action: 'created' as const, changes: [] };
    const rehashed = { ...forged, hash: entryHash(forged) };
    expect(verifyStretch([chained[0]!, rehashed, chained[2]!, chained[3]!], 1, GENESIS_HASH, head)).toMatchObject({ ok: false, first_bad_seq: 3 });
  });
});

describe('what a change moved', () => {
  it('a creation lists every field, a change the fields that differ, a secret only that it changed', () => {
    expect(changesOf(null, { name: 'Acme', email: null, updated_at: 'x' })).toEqual([{ field: 'name', from: null, to: 'Acme' }]);
    expect(changesOf({ name: 'Acme', address: { city: 'Oslo', line1: 'A' }, version: 1 }, { name: 'Acme Ltd', address: { line1: 'A', city: 'Oslo' }, version: 2 })).toEqual([{ field: 'name', from: 'Acme', to: 'Acme Ltd' }]);
    expect(changesOf({ secret_hash: 'abc', name: 'k' }, { secret_hash: 'def', name: 'k' }, { secret: new Set(['secret_hash']) })).toEqual([{ field: 'secret_hash', from: SECRET_VALUE, to: SECRET_VALUE }]);
    expect(changesOf({ status: 'Open' }, null)).toEqual([{ field: 'status', from: 'Open', to: null }]);
  });
});
