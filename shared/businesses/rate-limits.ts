import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import { db, tableName } from '../db/client.ts';
import { rateStateKey } from '../db/keys.ts';
import { addToWindow } from '../db/window-counter.ts';
import type { Id } from '../domain/ids.ts';
import { WINDOW_SECONDS, windowOf, type Limits, type Usage } from '../domain/rate-limits.ts';

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

/**
 * Counts one request against its business's current window, in one UpdateItem that also returns the business's
 * overrides: the window's counters are added to while the stored window is this one, and started afresh (on the
 * condition that no other request started it first) when it is an older one. The item expires an hour after its
 * last window, so an idle business keeps nothing.
 */
export async function countRequest(businessId: Id, posting: boolean, nowMs = Date.now()): Promise<Counted> {
  const window = windowOf(nowMs);
  return countedFrom(await addToWindow(rateStateKey(businessId), window, { api_count: 1, postings_count: posting ? 1 : 0 }, (window + 1) * WINDOW_SECONDS + 3600));
}

/** Sets a business's own quotas; the ones not named (all, for null or {}) go back to the service's defaults. */
export async function setRateLimits(businessId: Id, limits: Partial<Limits> | null): Promise<void> {
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
