/** The stored side of a list's rank tree (`domain/rank-tree.ts`): counted with each write, walked to place a page. */
import type { Id } from '../domain/ids.ts';
import { locateInRankTree, parseRankAttribute, rankAttribute, rankSteps, type ChildCount } from '../domain/rank-tree.ts';
import { rankCountKey } from './keys.ts';
import { getItem, type Item } from './query.ts';
import type { WriteTransaction } from './transaction.ts';

/** Counts (or, with -1, uncounts) one record's key, in the caller's transaction. */
export function addRankCount(tx: WriteTransaction, businessId: Id, kind: string, key: string, by: number): void {
  for (const step of rankSteps(key)) tx.tally(`${kind}:rank`, rankCountKey(businessId, kind, step.prefix), { [rankAttribute(step.next)]: by });
}

export function childCounts(item: Item | undefined): ChildCount[] {
  return Object.entries(item ?? {}).flatMap(([name, value]) => {
    const next = parseRankAttribute(name);
    return next === undefined ? [] : [{ next, count: Number(value) }];
  });
}

/** Where the record at `offset` of a ranked list lies (`locateInRankTree`), one counter item read per level. */
export function locateRank(businessId: Id, kind: string, offset: number): Promise<{ readonly prefix: string; readonly skip: number } | undefined> {
  return locateInRankTree(async (prefix) => childCounts(await getItem(rankCountKey(businessId, kind, prefix))), offset);
}

/** The counting a ranked collection is built with (`collection`'s `ranked.counts`). */
export const RANK_COUNTS = { add: addRankCount, locate: locateRank } as const;
export type RankCounts = typeof RANK_COUNTS;
