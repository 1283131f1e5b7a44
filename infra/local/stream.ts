import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand, type _Record } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { matchesPattern } from '../../events/pattern.ts';
import { OUTBOX_STREAM_FILTER } from '../../events/rules.ts';

/** A stream reader's filter criteria, as its deployed event source mapping has them. */
type StreamFilter = Parameters<typeof matchesPattern>[0];
import { STREAM_SOURCE } from '../../events/queues.ts';
import { engineClient } from './engine.ts';
import { withoutSdkLogging } from '../../shared/db/client.ts';

/**
 * How often the shard list is read again when no shard has closed. It was read on every poll, four times a second:
 * about half of what an idle engine spends (measured: 66–90 against 33–43 ms of CPU a second), and a closed shard,
 * the only way new shards appear, is noticed by its reader anyway.
 */
const SHARD_DISCOVERY_MS = 10_000;

/**
 * Records one GetRecords call may return: DynamoDB Streams' own maximum. The mapping's batch size bounds what one
 * invocation is handed, not what is read: most records of the table's stream (counters, totals, the read models'
 * own items) match no reader's filter, and reading them 100 a call, one call a poll, read 400 records a second,
 * fewer than 20 postings a second write, so a reader fell further behind the longer the load lasted.
 */
const RECORDS_PER_READ = 1_000;

type StreamConsumer = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

interface Shard {
  readonly id: string;
  iterator: string | undefined;
  /** Records read and not yet handled successfully, in stream order. */
  readonly pending: DynamoDBRecord[];
  /** Failed tries of the record at the head of `pending`. */
  headFailures: number;
  /** The last outbox record handled (or dropped): where a restart resumes. */
  done: string | undefined;
}

/** Where each shard of one stream was left: kept under DATA_DIR, so that a restart neither replays nor skips. */
interface SavedPosition {
  readonly streamArn: string;
  readonly shards: Record<string, string>;
}

/** The stream record as Lambda hands it over: the same shape, with the creation time in epoch seconds. */
function asLambdaRecord(record: _Record, streamArn: string): DynamoDBRecord {
  const { ApproximateCreationDateTime, ...dynamodb } = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: 'local',
    eventSourceARN: streamArn,
    dynamodb: { ...(dynamodb as DynamoDBRecord['dynamodb']), ...(ApproximateCreationDateTime ? { ApproximateCreationDateTime: Math.floor(ApproximateCreationDateTime.getTime() / 1000) } : {}) },
  };
}

/**
 * Reads DynamoDB Local's stream the way Lambda's event source mapping reads a table stream: shard iterators from
 * the trim horizon, GetRecords about four times a second and again at once while a backlog lasts, batches of
 * the mapping's size, the shard list again when a shard closes (and every
 * 10 s), the same filter criteria as the deployed mapping, and per-record failures: on a reported failure the
 * shard resumes from the lowest failed record, which is retried up to the mapping's limit before it is dropped
 * to the failure list (the deployed mapping's on-failure destination).
 * With a position file it keeps, like the mapping's checkpoint, the last record handled in each shard, and a
 * restart resumes after it instead of at the trim horizon.
 */
export class StreamReader {
  private readonly shards = new Map<string, Shard>();
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<void> | undefined;
  private streamArn = '';
  private discoveredAt = 0;
  private shardClosed = false;
  private readonly client: DynamoDBStreamsClient;
  readonly droppedRecords: DynamoDBRecord[] = [];

  constructor(private readonly endpoint: string, private readonly tableName: string, private readonly consumer: StreamConsumer, private readonly positionFile?: string, private readonly filter: StreamFilter = OUTBOX_STREAM_FILTER) {
    this.client = withoutSdkLogging(new DynamoDBStreamsClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  }

  async start(): Promise<void> {
    const tables = engineClient(this.endpoint);
    try {
      this.streamArn = (await tables.send(new DescribeTableCommand({ TableName: this.tableName }))).Table?.LatestStreamArn ?? '';
    } finally {
      tables.destroy();
    }
    if (!this.streamArn) throw new Error(`Table ${this.tableName} has no stream`);
    this.timer = setInterval(() => {
      this.busy ??= this.poll().catch((error: unknown) => console.error('local runtime: stream poll failed', error)).finally(() => (this.busy = undefined));
    }, STREAM_SOURCE.pollIntervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.busy;
    this.client.destroy();
  }

  private savedPositions(): Record<string, string> {
    if (!this.positionFile || !existsSync(this.positionFile)) return {};
    const saved = JSON.parse(readFileSync(this.positionFile, 'utf8')) as SavedPosition;
    // Positions of another stream (the table was made anew) mean nothing here.
    return saved.streamArn === this.streamArn ? saved.shards : {};
  }

  private savePositions(): void {
    if (!this.positionFile) return;
    const shards = Object.fromEntries([...this.shards.values()].flatMap((shard) => (shard.done ? [[shard.id, shard.done]] : [])));
    writeFileSync(`${this.positionFile}.tmp`, JSON.stringify({ streamArn: this.streamArn, shards } satisfies SavedPosition));
    renameSync(`${this.positionFile}.tmp`, this.positionFile);
  }

  private async discoverShards(): Promise<void> {
    const description = await this.client.send(new DescribeStreamCommand({ StreamArn: this.streamArn }));
    const saved = this.shards.size === 0 ? this.savedPositions() : {};
    for (const shard of description.StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || this.shards.has(shard.ShardId)) continue;
      const done = saved[shard.ShardId];
      const iterator = await this.client.send(
        new GetShardIteratorCommand({ StreamArn: this.streamArn, ShardId: shard.ShardId, ...(done ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: done } : { ShardIteratorType: 'TRIM_HORIZON' }) }),
      );
      this.shards.set(shard.ShardId, { id: shard.ShardId, iterator: iterator.ShardIterator, pending: [], headFailures: 0, done });
    }
  }

  private async poll(): Promise<void> {
    if (this.shards.size === 0 || this.shardClosed || Date.now() - this.discoveredAt >= SHARD_DISCOVERY_MS) {
      this.shardClosed = false;
      this.discoveredAt = Date.now();
      await this.discoverShards();
    }
    for (const shard of this.shards.values()) await this.drain(shard);
  }

  /**
   * Reads a shard and hands over what matches, and reads again at once while a read comes back full (a backlog: the
   * event source mapping, too, resumes polling after a successful batch rather than waiting for its next poll),
   * until a read finds fewer, the shard closes, or a batch fails (it is retried at the next poll). A read that is
   * not full waits for the next poll, so a steady load is read four times a second, not in a loop.
   */
  private async drain(shard: Shard): Promise<void> {
    for (;;) {
      let read = 0;
      if (shard.iterator) {
        const page = await this.client.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: RECORDS_PER_READ }));
        shard.iterator = page.NextShardIterator;
        // A closed shard's children carry on where it ends: look for them at once.
        if (!shard.iterator) this.shardClosed = true;
        read = page.Records?.length ?? 0;
        for (const record of page.Records ?? []) {
          const converted = asLambdaRecord(record, this.streamArn);
          if (matchesPattern(this.filter, converted)) shard.pending.push(converted);
        }
      }
      await this.deliver(shard);
      if (read < RECORDS_PER_READ || !shard.iterator || shard.pending.length > 0) return;
    }
  }

  private markDone(shard: Shard, record: DynamoDBRecord | undefined): void {
    const sequence = record?.dynamodb?.SequenceNumber;
    if (!sequence) return;
    shard.done = sequence;
    this.savePositions();
  }

  private async deliver(shard: Shard): Promise<void> {
    while (shard.pending.length > 0) {
      const batch = shard.pending.slice(0, STREAM_SOURCE.batchSize);
      let failedAt = -1;
      try {
        const result = await this.consumer({ Records: batch });
        const failed = new Set((result?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
        failedAt = batch.findIndex((record) => failed.has(record.dynamodb?.SequenceNumber ?? ''));
      } catch (error) {
        console.error('local runtime: stream consumer threw; the batch is retried', error);
        failedAt = 0;
      }
      if (failedAt === -1) {
        this.markDone(shard, batch.at(-1));
        shard.pending.splice(0, batch.length);
        shard.headFailures = 0;
        continue;
      }
      // Resume from the lowest failed record: everything before it is done.
      if (failedAt > 0) this.markDone(shard, batch[failedAt - 1]);
      shard.pending.splice(0, failedAt);
      if (failedAt > 0) shard.headFailures = 0;
      shard.headFailures++;
      if (shard.headFailures > STREAM_SOURCE.maximumRetryAttempts) {
        const dropped = shard.pending.shift()!;
        this.droppedRecords.push(dropped);
        this.markDone(shard, dropped);
        shard.headFailures = 0;
        continue;
      }
      return;
    }
  }
}
