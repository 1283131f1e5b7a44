import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeStreamCommand, GetRecordsCommand, GetShardIteratorCommand, type DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { StreamReader, type StreamMapping } from '../../infra/local/stream.ts';
import { STREAM_SOURCE } from '../../events/queues.ts';

// As the local runtime does: the SDK's notice about Node 20 says nothing a test can act on.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const sequenceOf = (index: number) => String(index).padStart(21, '0');
const EVENTS = { dynamodb: { Keys: { sk: { S: [{ prefix: 'EVT#' }] } } } };
const DOCUMENTS = { dynamodb: { Keys: { sk: { S: [{ prefix: 'DOC#' }] } } } };

/**
 * A shard of `total` records, one in `every` an outbox event (`EVT#`) and one in `every` a document (`DOC#`), the
 * rest counters, served by a stand-in for the streams client as the wire has them (what the reader's protocol hands
 * over). The iterator is the index of the next record.
 */
function shardOf(total: number, every: number) {
  const records = Array.from({ length: total }, (_, index) => ({
    eventID: String(index),
    eventName: 'INSERT' as const,
    dynamodb: { Keys: { pk: { S: 'BIZ#b#X' }, sk: { S: index % every === 0 ? `EVT#${index}` : index % every === 1 ? `DOC#${index}` : `COUNT#${index}` } }, SequenceNumber: sequenceOf(index), ApproximateCreationDateTime: 1_764_000_000.75 },
  }));
  const reads: number[] = [];
  const iterators: unknown[] = [];
  const send = async (command: unknown) => {
    if (command instanceof DescribeStreamCommand) return { StreamDescription: { Shards: [{ ShardId: 'shard-1' }] } };
    if (command instanceof GetShardIteratorCommand) {
      iterators.push(command.input);
      return { ShardIterator: command.input.ShardIteratorType === 'AFTER_SEQUENCE_NUMBER' ? String(Number(command.input.SequenceNumber) + 1) : '0' };
    }
    if (command instanceof GetRecordsCommand) {
      const from = Number(command.input.ShardIterator);
      const page = records.slice(from, from + (command.input.Limit ?? 1_000));
      reads.push(page.length);
      return { Records: page, NextShardIterator: String(from + page.length) };
    }
    throw new Error(`unexpected ${String(command)}`);
  };
  return { send, reads, iterators };
}

/** A reader of `mappings` on a stand-in shard, and one poll of it (the interval that drives it in the runtime is not started). */
function readerOn(shard: ReturnType<typeof shardOf>, mappings: readonly StreamMapping[]) {
  const reader = new StreamReader('http://127.0.0.1:1', 'table', mappings);
  Object.assign((reader as unknown as { client: { send: unknown } }).client, { send: shard.send });
  Object.assign(reader, { streamArn: 'arn:stream' });
  return { reader, poll: () => (reader as unknown as { poll: () => Promise<void> }).poll() };
}

/** A mapping that keeps the sequence numbers it is handed, and the sizes of its batches. */
function keeping(filter: StreamMapping['filters'][number], answer: (batch: DynamoDBRecord[]) => DynamoDBBatchResponse | void = () => undefined) {
  const handed: number[] = [];
  const batches: number[] = [];
  const mapping: StreamMapping = {
    filters: [filter],
    consumer: async (event: DynamoDBStreamEvent) => {
      batches.push(event.Records.length);
      const result = answer(event.Records);
      const failed = new Set((result?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
      for (const record of event.Records) {
        const sequence = record.dynamodb!.SequenceNumber!;
        if (failed.has(sequence)) break;
        handed.push(Number(sequence));
      }
      return result;
    },
  };
  return { mapping, handed, batches };
}

describe('the local stream reader', () => {
  it('reads a backlog in one poll, up to 1,000 records a read, and hands over only what its filter matches, in batches of the mapping’s size', async () => {
    const shard = shardOf(4_500, 10);
    const events = keeping(EVENTS);
    await readerOn(shard, [events.mapping]).poll();
    // Four full reads and the rest, then a read that finds nothing new would wait for the next poll.
    expect(shard.reads).toEqual([1_000, 1_000, 1_000, 1_000, 500]);
    expect(events.handed).toHaveLength(450);
    expect(Math.max(...events.batches)).toBeLessThanOrEqual(STREAM_SOURCE.batchSize);
  });

  it('waits for the next poll after a read that is not full', async () => {
    const shard = shardOf(300, 3);
    await readerOn(shard, [keeping(EVENTS).mapping]).poll();
    expect(shard.reads).toEqual([300]);
  });

  it('hands records over as Lambda does: the source named, the creation time in whole epoch seconds', async () => {
    const shard = shardOf(10, 10);
    let first: DynamoDBRecord | undefined;
    await readerOn(shard, [{ filters: [EVENTS], consumer: async (event) => void (first ??= event.Records[0]) }]).poll();
    expect(first).toMatchObject({ eventSource: 'aws:dynamodb', eventSourceARN: 'arn:stream', awsRegion: 'local', dynamodb: { ApproximateCreationDateTime: 1_764_000_000, SequenceNumber: sequenceOf(0) } });
  });

  it('reads each record once for every mapping, and hands each mapping what its own filter matches', async () => {
    const shard = shardOf(4_500, 10);
    const events = keeping(EVENTS);
    const documents = keeping(DOCUMENTS);
    await readerOn(shard, [events.mapping, documents.mapping]).poll();
    expect(shard.reads).toEqual([1_000, 1_000, 1_000, 1_000, 500]);
    expect(events.handed).toEqual(Array.from({ length: 450 }, (_, index) => index * 10));
    expect(documents.handed).toEqual(Array.from({ length: 450 }, (_, index) => index * 10 + 1));
  });

  it('retries a mapping’s failed record for that mapping alone: the other is handed each of its records once', async () => {
    const shard = shardOf(100, 10);
    let failures = 0;
    // The events' mapping fails its fourth record twice, then takes it.
    const events = keeping(EVENTS, (batch) => {
      const fourth = batch.find((record) => record.dynamodb?.SequenceNumber === sequenceOf(30));
      return fourth && failures++ < 2 ? { batchItemFailures: [{ itemIdentifier: sequenceOf(30) }] } : undefined;
    });
    const documents = keeping(DOCUMENTS);
    const { poll } = readerOn(shard, [events.mapping, documents.mapping]);
    for (let round = 0; round < 3; round++) await poll();
    expect(events.handed).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(documents.handed).toEqual([1, 11, 21, 31, 41, 51, 61, 71, 81, 91]);
    // One read found the shard's records; the retries read nothing again.
    expect(shard.reads.reduce((sum, count) => sum + count, 0)).toBe(100);
  });

  it('reads no further while a mapping still holds a failed batch, however full the read was', async () => {
    const shard = shardOf(2_500, 10);
    let failures = 0;
    // The events' mapping fails its first record once; the documents' mapping takes everything.
    const events = keeping(EVENTS, (batch) => (batch[0]?.dynamodb?.SequenceNumber === sequenceOf(0) && failures++ === 0 ? { batchItemFailures: [{ itemIdentifier: sequenceOf(0) }] } : undefined));
    const documents = keeping(DOCUMENTS);
    const { poll } = readerOn(shard, [events.mapping, documents.mapping]);
    await poll();
    // A full read, then none while the failed batch waits for the next poll.
    expect(shard.reads).toEqual([1_000]);
    expect(events.handed).toEqual([]);
    await poll();
    expect(shard.reads).toEqual([1_000, 1_000, 500]);
    expect(events.handed).toEqual(Array.from({ length: 250 }, (_, index) => index * 10));
    expect(documents.handed).toEqual(Array.from({ length: 250 }, (_, index) => index * 10 + 1));
  });

  it('keeps each mapping’s checkpoint in its own file, and after a restart reads from the earlier one, each skipping what it handled', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'stream-positions-'));
    const files = { events: join(directory, 'events.json'), documents: join(directory, 'documents.json') };
    const first = { events: keeping(EVENTS), documents: keeping(DOCUMENTS) };
    // Before the restart: the shard's first 50 records.
    await readerOn(shardOf(50, 10), [{ ...first.events.mapping, positionFile: files.events }, { ...first.documents.mapping, positionFile: files.documents }]).poll();
    expect(JSON.parse(readFileSync(files.events, 'utf8'))).toEqual({ streamArn: 'arn:stream', shards: { 'shard-1': sequenceOf(40) } });
    expect(JSON.parse(readFileSync(files.documents, 'utf8'))).toEqual({ streamArn: 'arn:stream', shards: { 'shard-1': sequenceOf(41) } });
    // The documents' mapping had gone further (as if it alone had handled 61 before the restart).
    writeFileSync(files.documents, JSON.stringify({ streamArn: 'arn:stream', shards: { 'shard-1': sequenceOf(61) } }));

    const shard = shardOf(100, 10);
    const after = { events: keeping(EVENTS), documents: keeping(DOCUMENTS) };
    await readerOn(shard, [{ ...after.events.mapping, positionFile: files.events }, { ...after.documents.mapping, positionFile: files.documents }]).poll();
    expect(shard.iterators).toEqual([expect.objectContaining({ ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: sequenceOf(40) })]);
    expect(after.events.handed).toEqual([50, 60, 70, 80, 90]);
    expect(after.documents.handed).toEqual([71, 81, 91]);
  });

  it('reads through a client without the SDK’s logger step, as the table’s own client does (it copied every record read for a no-op logger)', async () => {
    Object.assign(process.env, { TABLE_NAME: 'table', AWS_REGION: 'local', DYNAMODB_ENDPOINT: 'http://127.0.0.1:1', SERVICE_STAGE: 'local' });
    const { db } = await import('../../shared/platform/db/client.ts');
    const reader = new StreamReader('http://127.0.0.1:1', 'table', [keeping(EVENTS).mapping]);
    for (const client of [(reader as unknown as { client: DynamoDBStreamsClient }).client, db()]) {
      expect(client.middlewareStack.identify().some((step) => step.startsWith('loggerMiddleware'))).toBe(false);
    }
  });
});
