/** The stored side of a list's rank tree (`domain/rank-tree.ts`): counted with each write, walked to place a page. */
import type { Id } from '../core/ids.ts';
import { locateInRankTree, parseRankAttribute, rankAttribute, rankSteps, type ChildCount } from './rank-tree.ts';
import { rankCountKey } from './keys.ts';
import { queryPage, type Item } from './query.ts';
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

/** Thrown to stop a walk its caller no longer needs. */
class WalkNotWanted extends Error {}

/** How many counter items one read of the tree brings: a prefix's own and the ones after it in key order. */
const READ_AHEAD = 16;

/** Above every code point of a key: the end of a prefix's range of descendants. */
const LAST_CODE_POINT = String.fromCodePoint(0x10ffff);

/** One read of the tree from a prefix: its counter item and the ones after it in key order (`READ_AHEAD`). */
function readFrom(businessId: Id, kind: string, prefix: string): Promise<Item[]> {
  const from = rankCountKey(businessId, kind, prefix);
  return queryPage({ pk: from.pk, sortKey: 'sk', prefix: '', between: [from.sk, `${from.sk}${LAST_CODE_POINT}`] }, 0, READ_AHEAD);
}

/**
 * The walk's first read (the root and its leftmost descendants), for a caller that starts it before it knows the
 * walk is wanted: a page's, beside the session's read. Left unused, a failed read is nobody's error.
 */
export function readRankRoot(businessId: Id, kind: string): Promise<readonly Item[]> {
  const read = readFrom(businessId, kind, '');
  read.catch(() => undefined);
  return read;
}

/**
 * Where the record at `offset` of a ranked list lies (`locateInRankTree`). A prefix's counter item and its
 * descendants' are contiguous in key order, the prefix first and then its leftmost descendants (a prefix tree read
 * in key order is read depth first), so one Query from a prefix brings the levels below it as far as the walk goes
 * leftmost: a run of names sharing a long prefix (`Customer 00…`) is one round trip, not one per character. The
 * writes are those of one counter item per level, as before. `wanted` is asked before each read: the walk stops
 * (rejects) once it answers false. `root`, the first read already started (`readRankRoot`), is used in its place.
 */
export function locateRank(businessId: Id, kind: string, offset: number, wanted: () => boolean = () => true, root?: Promise<readonly Item[]>): Promise<{ readonly prefix: string; readonly skip: number } | undefined> {
  const nodes = new Map<string, ChildCount[]>();
  const label = `${kind}#`;
  return locateInRankTree(async (prefix) => {
    const known = nodes.get(prefix);
    if (known) return known;
    const started = prefix === '' ? root : undefined;
    // The caller found the page another way (read backwards from the end): no more reads.
    if (!started && !wanted()) throw new WalkNotWanted();
    const items = await (started ?? readFrom(businessId, kind, prefix));
    for (const item of items) nodes.set(String(item.sk).slice(label.length), childCounts(item));
    return nodes.get(prefix) ?? [];
  }, offset);
}

/** The counting a ranked collection is built with (`collection`'s `ranked.counts`). */
export const RANK_COUNTS = { add: addRankCount, locate: locateRank, root: readRankRoot } as const;
export type RankCounts = typeof RANK_COUNTS;
