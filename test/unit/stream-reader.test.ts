import { DescribeStreamCommand, GetRecordsCommand, GetShardIteratorCommand, type DynamoDBStreamsClient, type _Record } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { StreamReader } from '../../infra/local/stream.ts';
import { STREAM_SOURCE } from '../../events/queues.ts';

// As the local runtime does: the SDK's notice about Node 20 says nothing a test can act on.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** A shard of `total` records, one in `every` an outbox event (`EVT#`), served by a stand-in for the streams client. */
function shardOf(total: number, every: number) {
  const records: _Record[] = Array.from({ length: total }, (_, index) => ({
    eventID: String(index),
    eventName: 'INSERT',
    dynamodb: { Keys: { pk: { S: 'BIZ#b#X' }, sk: { S: index % every === 0 ? `EVT#${index}` : `COUNT#${index}` } }, SequenceNumber: String(index).padStart(21, '0') },
  }));
  const reads: number[] = [];
  const send = async (command: unknown) => {
    if (command instanceof DescribeStreamCommand) return { StreamDescription: { Shards: [{ ShardId: 'shard-1' }] } };
    if (command instanceof GetShardIteratorCommand) return { ShardIterator: '0' };
    if (command instanceof GetRecordsCommand) {
      const from = Number(command.input.ShardIterator);
      const page = records.slice(from, from + (command.input.Limit ?? 1_000));
      reads.push(page.length);
      return { Records: page, NextShardIterator: String(from + page.length) };
    }
    throw new Error(`unexpected ${String(command)}`);
  };
  return { send, reads };
}

describe('the local stream reader', () => {
  it('reads a backlog in one poll, up to 1,000 records a read, and hands over only what its filter matches, in batches of the mapping’s size', async () => {
    const shard = shardOf(4_500, 10);
    const batches: number[] = [];
    const reader = new StreamReader('http://127.0.0.1:1', 'table', async (event: DynamoDBStreamEvent) => {
      batches.push(event.Records.length);
    });
    Object.assign((reader as unknown as { client: { send: unknown } }).client, { send: shard.send });
    Object.assign(reader, { streamArn: 'arn:stream' });
    // One poll: the interval that drives it in the runtime is not started here.
    await (reader as unknown as { poll: () => Promise<void> }).poll();
    // Four full reads and the rest, then a read that finds nothing new would wait for the next poll.
    expect(shard.reads).toEqual([1_000, 1_000, 1_000, 1_000, 500]);
    expect(batches.reduce((sum, size) => sum + size, 0)).toBe(450);
    expect(Math.max(...batches)).toBeLessThanOrEqual(STREAM_SOURCE.batchSize);
  });

  it('waits for the next poll after a read that is not full', async () => {
    const shard = shardOf(300, 3);
    const reader = new StreamReader('http://127.0.0.1:1', 'table', async () => undefined);
    Object.assign((reader as unknown as { client: { send: unknown } }).client, { send: shard.send });
    Object.assign(reader, { streamArn: 'arn:stream' });
    await (reader as unknown as { poll: () => Promise<void> }).poll();
    expect(shard.reads).toEqual([300]);
  });

  it('reads through a client without the SDK’s logger step, as the table’s own client does (it copied every record read for a no-op logger)', async () => {
    Object.assign(process.env, { TABLE_NAME: 'table', AWS_REGION: 'local', DYNAMODB_ENDPOINT: 'http://127.0.0.1:1', SERVICE_STAGE: 'local' });
    const { db } = await import('../../shared/db/client.ts');
    const reader = new StreamReader('http://127.0.0.1:1', 'table', async () => undefined);
    for (const client of [(reader as unknown as { client: DynamoDBStreamsClient }).client, db()]) {
      expect(client.middlewareStack.identify().some((step) => step.startsWith('loggerMiddleware'))).toBe(false);
    }
  });
});

