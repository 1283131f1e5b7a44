import { describe, expect, it } from 'vitest';
import { sequentialRoundTrips } from '../load/round-trip-chain.ts';

describe('sequential round trips (the benches\' measure)', () => {
  it('counts calls made one after another, and calls made side by side once', () => {
    expect(sequentialRoundTrips([])).toBe(0);
    // A quota count beside a read, then the transaction: two.
    expect(sequentialRoundTrips([{ start: 0, end: 5 }, { start: 1, end: 4 }, { start: 6, end: 9 }])).toBe(2);
    // Three in a row, whatever order they were recorded in.
    expect(sequentialRoundTrips([{ start: 20, end: 30 }, { start: 0, end: 10 }, { start: 10, end: 20 }])).toBe(3);
    // A long call beside a chain of two: the chain decides.
    expect(sequentialRoundTrips([{ start: 0, end: 100 }, { start: 1, end: 2 }, { start: 3, end: 4 }])).toBe(2);
  });
});
