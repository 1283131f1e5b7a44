import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childAt, locateInRankTree, parseRankAttribute, RANK_SLACK, rankAttribute, rankSteps, type ChildCount } from '../../shared/platform/db/rank-tree.ts';

/** Keys as `byNameSortKey` writes them after `NAME#`: the name, \u0001, the id. */
const keyOf = (name: string, id: number) => `${name}\u0001${String(id).padStart(4, '0')}`;

/** DynamoDB's order of string keys: binary UTF-8, that is, by code point. */
const byCodePoint = (a: string, b: string) => {
  const left = [...a].map((c) => c.codePointAt(0)!);
  const right = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(left.length, right.length); i++) if (left[i] !== right[i]) return left[i]! - right[i]!;
  return left.length - right.length;
};

/** The counter items a set of keys adds up to, and a reader of them that counts its reads. */
function treeOf(keys: readonly string[], depth: number) {
  const items = new Map<string, Map<number, number>>();
  for (const key of keys) {
    for (const step of rankSteps(key, depth)) {
      const children = items.get(step.prefix) ?? new Map<number, number>();
      items.set(step.prefix, children);
      children.set(step.next, (children.get(step.next) ?? 0) + 1);
    }
  }
  const reads = { count: 0 };
  const childrenOf = async (prefix: string): Promise<ChildCount[]> => {
    reads.count++;
    return [...(items.get(prefix) ?? new Map<number, number>())].map(([next, count]) => ({ next, count }));
  };
  return { childrenOf, reads };
}

describe('rank tree', () => {
  it('counts a key under each prefix of its name, and stops at the end of the name', () => {
    expect(rankSteps(keyOf('ab', 7))).toEqual([
      { prefix: '', next: 0x61 },
      { prefix: 'a', next: 0x62 },
      { prefix: 'ab', next: 0x01 },
    ]);
    expect(rankSteps(keyOf('abcdef', 1), 3).map((step) => step.prefix)).toEqual(['', 'a', 'ab']);
    expect(rankSteps(keyOf('𝒜z', 1))[0]).toEqual({ prefix: '', next: 0x1d49c });
  });

  it('names its attributes by code point and reads them back', () => {
    expect(rankAttribute(0x1d49c)).toBe('r:1d49c');
    expect(parseRankAttribute('r:1d49c')).toBe(0x1d49c);
    expect(parseRankAttribute('n:DOC:ALL')).toBeUndefined();
  });

  it('picks the child holding an offset, children taken in code point order', () => {
    const children = [{ next: 0x62, count: 3 }, { next: 0x61, count: 2 }, { next: 0x63, count: 0 }];
    expect(childAt(children, 0)).toEqual({ next: 0x61, offset: 0 });
    expect(childAt(children, 2)).toEqual({ next: 0x62, offset: 0 });
    expect(childAt(children, 4)).toEqual({ next: 0x62, offset: 2 });
    expect(childAt(children, 5)).toBeUndefined();
  });

  it('places every offset of any list at the record DynamoDB would list there, walking no more than the slack', async () => {
    const name = fc.stringMatching(/^[a-c 𝒜éｚ]{0,7}$/);
    await fc.assert(
      fc.asyncProperty(fc.array(name, { minLength: 1, maxLength: 400 }), fc.integer({ min: 2, max: 6 }), async (names, depth) => {
        const keys = names.map((name, id) => keyOf(name, id)).sort(byCodePoint);
        const { childrenOf } = treeOf(keys, depth);
        for (let offset = 0; offset <= keys.length; offset++) {
          const at = await locateInRankTree(childrenOf, offset, depth);
          if (offset === keys.length) {
            expect(at).toBeUndefined();
            continue;
          }
          const from = keys.filter((key) => byCodePoint(key, at!.prefix) >= 0);
          expect(from[at!.skip]).toBe(keys[offset]);
          expect(keys[offset]!.startsWith(at!.prefix)).toBe(true);
          // More than the slack is walked only where the tree can split no further: a whole name, or its depth.
          if (at!.skip > RANK_SLACK) expect(at!.prefix.endsWith('\u0001') || [...at!.prefix].length >= depth).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('reads one counter item per level, not per record', async () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => keyOf(`customer ${String(i).padStart(5, '0')}`, i)).sort(byCodePoint);
    const { childrenOf, reads } = treeOf(keys, 24);
    const at = await locateInRankTree(childrenOf, 19_990);
    expect(keys.filter((key) => byCodePoint(key, at!.prefix) >= 0)[at!.skip]).toBe(keys[19_990]);
    expect(at!.skip).toBeLessThanOrEqual(RANK_SLACK);
    expect(reads.count).toBeLessThanOrEqual('customer 19990'.length);
  });

  it('fails loudly when the counts drifted', async () => {
    const childrenOf = async (prefix: string) => (prefix === '' ? [{ next: 0x61, count: 100 }] : [{ next: 0x62, count: 3 }]);
    await expect(locateInRankTree(childrenOf, 90)).rejects.toThrow(/do not add up/);
  });
});
