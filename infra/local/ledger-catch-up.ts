import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../shared/platform/db/client.ts';
import { BUSINESS_SORT_KEY } from '../../shared/platform/db/keys.ts';
import type { Id } from '../../shared/platform/core/ids.ts';
import { isLedgerBuilt } from '../../shared/ledger/period-totals.ts';
import { rebuildLedger } from '../../functions/ledger/rebuild/rebuild.ts';

/**
 * Every business of the local table. A Scan, because the local runtime is the one place that has to find all
 * businesses (to bring books kept before the period totals up to date); no request path ever scans.
 */
async function allBusinessIds(): Promise<Id[]> {
  const ids: Id[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await db().send(new ScanCommand({ TableName: tableName(), FilterExpression: 'sk = :business', ExpressionAttributeValues: { ':business': BUSINESS_SORT_KEY }, ProjectionExpression: 'id', ExclusiveStartKey: startKey }));
    for (const item of result.Items ?? []) ids.push(String(item.id) as Id);
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return ids;
}

/** Builds the period totals and open markers of every business whose books predate them; run before the server listens. */
export async function catchUpLedgers(): Promise<number> {
  let rebuilt = 0;
  for (const businessId of await allBusinessIds()) {
    if (await isLedgerBuilt(businessId)) continue;
    const drift = await rebuildLedger(businessId, { repair: true });
    // Foreign postings from before rates are booked at 1: said once, where the operator starting the service sees it.
    if (drift.assumedRates.length > 0) console.log(`business ${businessId}: ${drift.assumedRates.length} foreign postings from before exchange rates booked at rate 1 (npm run ledger:rebuild -- ${businessId} --check lists them)`);
    rebuilt++;
  }
  return rebuilt;
}
