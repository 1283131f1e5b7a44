import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../platform/config.ts';
import { db, tableName } from '../../platform/db/client.ts';
import { rateStateKey } from '../../platform/db/keys.ts';
import { addToWindow } from '../../platform/db/window-counter.ts';
import type { Id } from '../../platform/core/ids.ts';
import { WINDOW_SECONDS, windowOf, type Limits, type Usage } from '../../platform/limits/rate-limits.ts';
import { canServe, extended, NO_DEMAND, serve, unitsToAdd, withRequest, type Demand, type Lease } from '../../platform/limits/quota-lease.ts';

export interface Counted {
  readonly usage: Usage;
  readonly limits: Limits;
}

const defaults = (): Limits => ({ api: config().RATE_LIMIT_API, postings: config().RATE_LIMIT_POSTINGS });

function countedFrom(item: Record<string, unknown> | undefined): Counted {
  const fallback = defaults();
  return {
    usage: { api: Number(item?.api_count ?? 0), postings: Number(item?.postings_count ?? 0) },
    limits: { api: Number(item?.api_limit ?? fallback.api), postings: Number(item?.postings_limit ?? fallback.postings) },
  };
}

/** What this instance knows of one business's quota: its lease and its recent requests. */
interface Standing {
  readonly lease?: Lease;
  readonly demand: { readonly api: Demand; readonly postings: Demand };
}

/** Businesses whose standing an instance keeps at most; the least recently counted is forgotten first. */
const MAX_BUSINESSES = 1_000;
const standings = new Map<Id, Standing>();

function keep(businessId: Id, standing: Standing): void {
  standings.delete(businessId);
  standings.set(businessId, standing);
  if (standings.size > MAX_BUSINESSES) standings.delete(standings.keys().next().value!);
}

/**
 * Counts one request against its business's current window: from the units this instance counted ahead for the
 * business (`shared/platform/limits/quota-lease.ts`), or by counting more, in one UpdateItem that also returns the business's
 * overrides: the window's counters are added to while the stored window is this one, and started afresh (on the
 * condition that no other request started it first) when it is an older one. The item expires an hour after its
 * last window, so an idle business keeps nothing.
 */
export async function countRequest(businessId: Id, posting: boolean, nowMs = Date.now()): Promise<Counted> {
  const window = windowOf(nowMs);
  const before = standings.get(businessId);
  const demand = { api: withRequest(before?.demand.api, nowMs), postings: posting ? withRequest(before?.demand.postings, nowMs) : (before?.demand.postings ?? NO_DEMAND) };
  keep(businessId, { ...before, demand });
  // Other requests of this instance may count meanwhile, and take the units counted here: then count again.
  for (;;) {
    const current = standings.get(businessId) ?? { demand };
    if (canServe(current.lease, window, posting)) {
      const served = serve(current.lease, posting);
      keep(businessId, { ...current, lease: served.lease });
      return { usage: served.usage, limits: current.lease.limits };
    }
    const added = unitsToAdd(current.lease, window, posting, demand);
    const counted = countedFrom(await addToWindow(rateStateKey(businessId), window, { api_count: added.api, postings_count: added.postings }, (window + 1) * WINDOW_SECONDS + 3600));
    const now = standings.get(businessId) ?? { demand };
    keep(businessId, { ...now, lease: extended(now.lease, window, counted.limits, added, counted.usage) });
  }
}

/** Sets a business's own quotas; the ones not named (all, for null or {}) go back to the service's defaults. */
export async function setRateLimits(businessId: Id, limits: Partial<Limits> | null): Promise<void> {
  // Units this instance counted ahead were sized by the old limits: the next request counts afresh.
  standings.delete(businessId);
  const named = Object.entries(limits ?? {}).filter((entry): entry is [keyof Limits, number] => entry[1] !== undefined);
  const unnamed = (['api', 'postings'] as const).filter((name) => !named.some(([given]) => given === name));
  const set = named.map(([name]) => `${name}_limit = :${name}`);
  const remove = unnamed.map((name) => `${name}_limit`);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: rateStateKey(businessId),
      UpdateExpression: [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : ''].filter(Boolean).join(' '),
      ...(named.length ? { ExpressionAttributeValues: Object.fromEntries(named.map(([name, value]) => [`:${name}`, value])) } : {}),
    }),
  );
}
