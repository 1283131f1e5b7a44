import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergedWindow } from '../../shared/platform/core/merged-window.ts';

describe('a window of a stored list merged with a short one in memory', () => {
  it('property: every window is the slice of the two merged, reading the stored list near the window only', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 0, max: 200 }), { maxLength: 60 }), fc.integer({ min: 0, max: 70 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 1_000 }), async (values, offset, limit, split) => {
        const sorted = [...values].sort((a, b) => a - b);
        // Some values live in memory (at most 10, as closed spans since a date are few), the others are stored.
        const inMemory = sorted.filter((value, index) => (index * 7 + split) % 5 === 0).slice(0, 10);
        const stored = sorted.filter((value) => !inMemory.includes(value));
        const key = (value: number) => String(value).padStart(4, '0');
        const reads: [number, number][] = [];
        const window = await mergedWindow(
          async (from, count) => {
            reads.push([from, count]);
            return stored.slice(from, from + count);
          },
          inMemory,
          key,
          offset,
          limit,
        );
        expect(window).toEqual(sorted.slice(offset, offset + limit));
        expect(reads).toEqual([[Math.max(0, offset - inMemory.length), limit + inMemory.length]]);
      }),
    );
  });
});
