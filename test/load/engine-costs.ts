/**
 * `BENCH_ONLY=engine npm run bench`: what the engine charges for a call, by the items it carries and their size.
 *
 * A receipt's gap to a bare TransactWriteItems is mostly engine time (`CPU per receipt` in the receipts rows), so
 * this prices the engine's calls on their own: transactions of 1, 5 and 10 plain puts of small and large items, the
 * same with both list index keys set (each put then also written to two local indexes), and, as a receipt makes
 * them, a BatchGetItem of 8 keys and a counting UpdateItem. Fresh `BENCH#` keys, one call at a time, after a warm-up
 * of each; the CPU of this process and of the engine per call (`cpu-share.ts`).
 */
import { performance } from 'node:perf_hooks';
import { BatchGetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../shared/platform/db/client.ts';
import { CpuShare } from './cpu-share.ts';

const CALLS = Number(process.env.BENCH_ENGINE_CALLS ?? 600);
const WARMUP_CALLS = 200;

type Call = (run: number) => Promise<unknown>;

function puts(items: number, bytes: number, listed: boolean): Call {
  return (run) =>
    db().send(
      new TransactWriteCommand({
        TransactItems: Array.from({ length: items }, (_, index) => ({
          Put: { TableName: tableName(), Item: { pk: `BENCH#${run}#${Math.random()}`, sk: String(index), ...(listed ? { lsi1sk: `a#${index}`, lsi2sk: `b#${index}` } : {}), payload: 'x'.repeat(bytes) } },
        })),
      }),
    );
}

async function measure(enginePid: number, call: Call): Promise<{ wallMs: number; cpu: string }> {
  for (let run = 0; run < WARMUP_CALLS; run++) await call(run);
  const cpu = new CpuShare(enginePid);
  let wallMs = 0;
  await cpu.measure(CALLS, async () => {
    const started = performance.now();
    for (let run = 0; run < CALLS; run++) await call(run);
    wallMs = (performance.now() - started) / CALLS;
  });
  return { wallMs, cpu: cpu.perUnit() };
}

export async function printEngineCosts(enginePid: number): Promise<void> {
  const readKeys = Array.from({ length: 8 }, (_, index) => ({ pk: 'BENCH#read', sk: String(index) }));
  for (const key of readKeys) await db().send(new PutCommand({ TableName: tableName(), Item: { ...key, payload: 'x'.repeat(400) } }));
  const calls: [string, Call][] = [
    ['TWI of 1 put, 100 B', puts(1, 100, false)],
    ['TWI of 5 puts, 100 B', puts(5, 100, false)],
    ['TWI of 10 puts, 100 B', puts(10, 100, false)],
    ['TWI of 10 puts, 3,000 B', puts(10, 3000, false)],
    ['TWI of 10 puts, 100 B, indexed', puts(10, 100, true)],
    ['BatchGetItem of 8 keys', () => db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: readKeys } } }))],
    ['UpdateItem ADD (a count)', () => db().send(new UpdateCommand({ TableName: tableName(), Key: { pk: 'BENCH#count', sk: 'n' }, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 }, ReturnValues: 'ALL_NEW' }))],
  ];
  console.log(`\nThe engine's calls, one at a time (${CALLS} each after ${WARMUP_CALLS} off the clock)\n`);
  console.log(`${'call'.padEnd(34)}  wall ms   CPU per call`);
  for (const [label, call] of calls) {
    const { wallMs, cpu } = await measure(enginePid, call);
    console.log(`${label.padEnd(34)}  ${wallMs.toFixed(2).padStart(7)}   ${cpu}`);
  }
}
