/**
 * Counting a business's quota ahead, in leases (`shared/access/businesses/rate-limits.ts`).
 *
 * Every request of a business is a unit of its window's count. Counted one by one, each request pays a write of the
 * business's rate item beside its own work: a second call of the engine's on every request, its largest single cost
 * after the request's own transaction. An instance that is busy for a business instead adds several units at once
 * and hands them to its next requests in order. Each request still gets the exact place in the window's count that
 * its unit has, so the 429 and the RateLimit fields are what they were on the instance; what a lease costs is that
 * units an instance counted and did not use stay counted until the window ends.
 *
 * A lease is bounded: at most a quarter second of the instance's recent requests for the business, at most
 * MAX_LEASE units, and at most an eighth of what is left of the quota as last counted, so near the limit every
 * request is counted on its own, exactly as before. The limits it was counted under hold until it is used up.
 */
import type { Limits, Usage } from './rate-limits.ts';

export const MAX_LEASE = 16;

/** Units of one counter this instance holds: the window's count values `next` to `end`, both included. */
export interface Units {
  readonly next: number;
  readonly end: number;
}

/** What an instance holds of one business's window. */
export interface Lease {
  readonly window: number;
  readonly limits: Limits;
  /** The window's counts as the last lease found them (what the next lease is sized against). */
  readonly counts: Usage;
  readonly api: readonly Units[];
  readonly postings: readonly Units[];
}

/** This instance's recent requests for one business: the count in the current second and in the one before. */
export interface Demand {
  readonly second: number;
  readonly count: number;
  readonly previous: number;
}

/** No requests seen. */
export const NO_DEMAND: Demand = { second: 0, count: 0, previous: 0 };

export function withRequest(demand: Demand | undefined, nowMs: number): Demand {
  const second = Math.floor(nowMs / 1000);
  if (demand?.second === second) return { ...demand, count: demand.count + 1 };
  return { second, count: 1, previous: demand?.second === second - 1 ? demand.count : 0 };
}

/**
 * How many units to count ahead: a quarter second of this instance's requests (the busier of the last two seconds),
 * within MAX_LEASE and an eighth of what was left (`counted` of `limit`), and never less than the one needed.
 */
export function leaseSize(demand: Demand, limit: number, counted: number): number {
  const wanted = Math.floor(Math.max(demand.count, demand.previous) / 4);
  const room = Math.floor((limit - counted) / 8);
  return Math.max(1, Math.min(wanted, room, MAX_LEASE));
}

export const unitsLeft = (units: readonly Units[]) => units.some((range) => range.next <= range.end);

/** Whether the lease can serve a request (a posting needs a postings unit too) in `window`. */
export function canServe(lease: Lease | undefined, window: number, posting: boolean): lease is Lease {
  return lease !== undefined && lease.window === window && unitsLeft(lease.api) && (!posting || unitsLeft(lease.postings));
}

function take(units: readonly Units[]): { readonly unit: number; readonly rest: readonly Units[] } {
  const open = units.filter((range) => range.next <= range.end);
  const [first, ...others] = open;
  return { unit: first!.next, rest: first!.next < first!.end ? [{ next: first!.next + 1, end: first!.end }, ...others] : others };
}

/**
 * Hands a request its units: its place in the window's API count and, for a posting, in its postings count (0 for
 * a request that posts nothing, as a single count reports it). `canServe` must hold.
 */
export function serve(lease: Lease, posting: boolean): { readonly usage: Usage; readonly lease: Lease } {
  const api = take(lease.api);
  const postings = posting ? take(lease.postings) : undefined;
  return { usage: { api: api.unit, postings: postings?.unit ?? 0 }, lease: { ...lease, api: api.rest, postings: postings?.rest ?? lease.postings } };
}

/**
 * The units to count ahead for a request the lease cannot serve: an API unit unless it still holds one, and for a
 * posting a postings unit unless it still holds one, each sized by its own demand against what was left of its
 * quota in this window (nothing is known of a new window: one unit, counted on its own).
 */
export function unitsToAdd(lease: Lease | undefined, window: number, posting: boolean, demand: { readonly api: Demand; readonly postings: Demand }): Usage {
  const known = lease?.window === window ? lease : undefined;
  const size = (held: readonly Units[] | undefined, wanted: Demand, limit: number | undefined, counted: number | undefined) =>
    held && unitsLeft(held) ? 0 : limit === undefined || counted === undefined ? 1 : leaseSize(wanted, limit, counted);
  return {
    api: size(known?.api, demand.api, known?.limits.api, known?.counts.api),
    postings: posting ? size(known?.postings, demand.postings, known?.limits.postings, known?.counts.postings) : 0,
  };
}

/**
 * The lease after counting `added` units ahead (the window's counts are now `counts`): the added units join what the
 * instance still held of the same window; an older window's are dropped.
 */
export function extended(lease: Lease | undefined, window: number, limits: Limits, added: Usage, counts: Usage): Lease {
  const kept = lease?.window === window ? lease : undefined;
  const joined = (held: readonly Units[] | undefined, count: number, size: number) => [...(held ?? []), ...(size > 0 ? [{ next: count - size + 1, end: count }] : [])];
  return { window, limits, counts, api: joined(kept?.api, counts.api, added.api), postings: joined(kept?.postings, counts.postings, added.postings) };
}
