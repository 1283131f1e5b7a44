import { describe, expect, it } from 'vitest';
import { canServe, extended, leaseSize, MAX_LEASE, NO_DEMAND, serve, unitsToAdd, withRequest, type Demand, type Lease } from '../../shared/platform/limits/quota-lease.ts';

const limits = { api: 600, postings: 60 };
/** `perSecond` requests in the last whole second and this one. */
const busy = (perSecond: number): Demand => ({ second: 100, count: perSecond, previous: perSecond });

describe('quota leases', () => {
  it('keeps the requests of this second and the one before', () => {
    let demand = withRequest(undefined, 100_000);
    demand = withRequest(demand, 100_500);
    expect(demand).toEqual({ second: 100, count: 2, previous: 0 });
    expect(withRequest(demand, 101_200)).toEqual({ second: 101, count: 1, previous: 2 });
    // A quiet second in between: nothing carries over.
    expect(withRequest(demand, 102_200)).toEqual({ second: 102, count: 1, previous: 0 });
  });

  it('sizes a lease by a quarter second of requests, within 16 and an eighth of what is left, and never below one', () => {
    expect(leaseSize(busy(2), 600, 0)).toBe(1);
    expect(leaseSize(busy(40), 600, 0)).toBe(10);
    expect(leaseSize(busy(1_000), 600, 0)).toBe(MAX_LEASE);
    // Near the limit every request is counted on its own.
    expect(leaseSize(busy(1_000), 600, 560)).toBe(5);
    expect(leaseSize(busy(1_000), 600, 595)).toBe(1);
    expect(leaseSize(busy(1_000), 600, 900)).toBe(1);
    expect(leaseSize(NO_DEMAND, 600, 0)).toBe(1);
  });

  it('counts one unit on its own in a window it knows nothing of, and sizes the next by what the last count found', () => {
    const demand = { api: busy(80), postings: busy(80) };
    expect(unitsToAdd(undefined, 7, true, demand)).toEqual({ api: 1, postings: 1 });
    const first = extended(undefined, 7, limits, { api: 1, postings: 1 }, { api: 1, postings: 1 });
    const used = serve(first, true).lease;
    expect(unitsToAdd(used, 7, true, demand)).toEqual({ api: 16, postings: 7 });
    // A request that posts nothing takes no postings units; units still held are not counted again.
    expect(unitsToAdd(used, 7, false, demand)).toEqual({ api: 16, postings: 0 });
    const holdingApi = extended(used, 7, limits, { api: 3, postings: 0 }, { api: 4, postings: 1 });
    expect(unitsToAdd(holdingApi, 7, true, demand)).toEqual({ api: 0, postings: 7 });
    // The next window starts again from one unit.
    expect(unitsToAdd(holdingApi, 8, false, demand)).toEqual({ api: 1, postings: 0 });
  });

  it('hands each request the next unit of the window, in order, across leases', () => {
    // Units 5–7 counted here; meanwhile another instance counted 8–10; then 11–12 here.
    let lease: Lease = extended(undefined, 7, limits, { api: 3, postings: 3 }, { api: 7, postings: 7 });
    lease = extended(lease, 7, limits, { api: 2, postings: 0 }, { api: 12, postings: 7 });
    const places: number[] = [];
    const postings: number[] = [];
    while (canServe(lease, 7, false)) {
      const served = serve(lease, places.length < 3);
      places.push(served.usage.api);
      postings.push(served.usage.postings);
      lease = served.lease;
    }
    expect(places).toEqual([5, 6, 7, 11, 12]);
    // Postings units go only to postings; a request that posts nothing reports none.
    expect(postings).toEqual([5, 6, 7, 0, 0]);
    expect(canServe(lease, 7, false)).toBe(false);
  });

  it('serves nothing from another window, and a posting only with a postings unit left', () => {
    const lease = extended(undefined, 7, limits, { api: 4, postings: 0 }, { api: 4, postings: 0 });
    expect(canServe(lease, 7, false)).toBe(true);
    expect(canServe(lease, 7, true)).toBe(false);
    expect(canServe(lease, 8, false)).toBe(false);
    expect(canServe(undefined, 7, false)).toBe(false);
    // A newer window drops what was held of the older one.
    expect(extended(lease, 8, limits, { api: 1, postings: 0 }, { api: 1, postings: 0 }).api).toEqual([{ next: 1, end: 1 }]);
  });
});
