/**
 * Offset paging at the cost of about one page, for lists ordered by a key that is not a date (customers, vendors
 * and items by name).
 *
 * Dated lists locate a page by summing per-day counts; a name has no such buckets. So each record's sort key is
 * counted along a prefix tree: for every prefix of the key (up to `RANK_DEPTH` code points), how many records
 * continue it with each next code point. The record at offset n is then found by walking down from the root,
 * skipping the children (in key order) whose counts lie wholly before n, until fewer than `RANK_SLACK` records of
 * the chosen prefix come before it: those are walked, then the page is read. A page costs at most `RANK_DEPTH`
 * small reads plus `RANK_SLACK` keys plus the page; a create, at most `RANK_DEPTH` counter updates.
 *
 * Children are ordered by code point, which is the order DynamoDB gives string keys (binary UTF-8).
 */

/** How many leading code points of a key are counted: names sharing more than this are walked. */
export const RANK_DEPTH = 24;

/** How many records before a page may be walked rather than located by counts. */
export const RANK_SLACK = 50;

/** The code point that ends every name in its sort key (`keys.ts`: `byNameSortKey`); nothing is counted past it. */
const END_OF_NAME = 0x01;

export interface RankStep {
  /** The code points of the key before this step. */
  readonly prefix: string;
  /** The code point that follows it. */
  readonly next: number;
}

/** Each counter a key moves: one per prefix, up to the end of the name or `RANK_DEPTH` code points. */
export function rankSteps(key: string, depth = RANK_DEPTH): RankStep[] {
  const steps: RankStep[] = [];
  let prefix = '';
  for (const character of key) {
    if (steps.length === depth) break;
    const next = character.codePointAt(0)!;
    steps.push({ prefix, next });
    if (next === END_OF_NAME) break;
    prefix += character;
  }
  return steps;
}

/** The attribute of a prefix's counter item that counts the records continuing it with `next`. */
export function rankAttribute(next: number): string {
  return `r:${next.toString(16)}`;
}

export function parseRankAttribute(name: string): number | undefined {
  const match = /^r:([0-9a-f]{1,6})$/.exec(name);
  return match ? Number.parseInt(match[1]!, 16) : undefined;
}

export interface ChildCount {
  readonly next: number;
  readonly count: number;
}

/**
 * The child of a prefix that holds the record at `offset` (0-based, among the prefix's records), and the offset
 * within that child. Undefined when the prefix has no more than `offset` records.
 */
export function childAt(children: readonly ChildCount[], offset: number): { readonly next: number; readonly offset: number } | undefined {
  let before = 0;
  for (const child of [...children].sort((a, b) => a.next - b.next)) {
    if (child.count <= 0) continue;
    if (before + child.count > offset) return { next: child.next, offset: offset - before };
    before += child.count;
  }
  return undefined;
}

/** Whether the walk down may stop at a prefix: few enough records before the target, or nothing left to split. */
function isWalkDone(offset: number, step: RankStep, depth: number): boolean {
  return offset <= RANK_SLACK || step.next === END_OF_NAME || [...step.prefix].length + 1 >= depth;
}

/**
 * Where the record at `offset` lies: a key prefix, and how many of the list's records from that prefix on come
 * before it. Undefined when the list holds no more than `offset` records. `childrenOf` reads one prefix's counts.
 */
export async function locateInRankTree(
  childrenOf: (prefix: string) => Promise<readonly ChildCount[]>,
  offset: number,
  depth = RANK_DEPTH,
): Promise<{ readonly prefix: string; readonly skip: number } | undefined> {
  let prefix = '';
  let remaining = offset;
  for (;;) {
    const child = childAt(await childrenOf(prefix), remaining);
    if (!child) {
      if (prefix === '') return undefined;
      // A prefix's children add up to less than its count in its parent: the counts drifted (ledger:rebuild repairs them).
      throw new Error(`Rank counts under "${prefix}" do not add up to their parent's`);
    }
    const step = { prefix, next: child.next };
    prefix += String.fromCodePoint(child.next);
    remaining = child.offset;
    if (isWalkDone(remaining, step, depth)) return { prefix, skip: remaining };
  }
}
