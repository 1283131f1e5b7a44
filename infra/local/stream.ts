import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { passesAny } from '../../events/rules.ts';
import { STREAM_SOURCE } from '../../events/queues.ts';
import { withoutSdkLogging } from '../../shared/platform/db/client.ts';
import { engineClient } from './engine.ts';
import { WireRecordsProtocol } from './wire-records-protocol.ts';

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

/** One of the stream's readers as its deployed event source mapping has it: its function, filter and checkpoint. */
export interface StreamMapping {
  readonly consumer: StreamConsumer;
  /** The mapping's filter criteria: a record passing any of them is handed over. */
  readonly filters: readonly object[];
  /** Where its position in each shard is kept, so that a restart neither replays nor skips. */
  readonly positionFile?: string;
}

/** Where one mapping stands in one shard. */
interface Standing {
  readonly mapping: StreamMapping;
  /** Records read and not yet handled successfully, in stream order. */
  readonly pending: DynamoDBRecord[];
  /** Failed tries of the record at the head of `pending`. */
  headFailures: number;
  /** The last record handled (or dropped): where a restart resumes. */
  done: string | undefined;
}

interface Shard {
  readonly id: string;
  iterator: string | undefined;
  readonly standings: readonly Standing[];
}

/** Where each shard of one stream was left: kept under DATA_DIR, so that a restart neither replays nor skips. */
interface SavedPosition {
  readonly streamArn: string;
  readonly shards: Record<string, string>;
}

/** Stream sequence numbers are decimal strings of up to 40 digits: compared as numbers, not as text. */
const isAfter = (sequence: string, done: string | undefined) => done === undefined || BigInt(sequence) > BigInt(done);

/** A GetRecords answer as it came off the wire (`WireRecordsProtocol`): Lambda's record shape, less the source. */
interface WireRecords {
  readonly Records?: readonly Omit<DynamoDBRecord, 'eventSource' | 'awsRegion' | 'eventSourceARN'>[];
  readonly NextShardIterator?: string;
}

/** The stream record as Lambda hands it over: the wire record, with its source, and the creation time in whole seconds. */
function asLambdaRecord(record: NonNullable<WireRecords['Records']>[number], streamArn: string): DynamoDBRecord {
  const created = record.dynamodb?.ApproximateCreationDateTime;
  return {
    ...record,
    eventSource: 'aws:dynamodb',
    awsRegion: 'local',
    eventSourceARN: streamArn,
    dynamodb: { ...record.dynamodb, ...(created === undefined ? {} : { ApproximateCreationDateTime: Math.floor(created) }) },
  };
}

/**
 * Reads DynamoDB Local's stream the way Lambda's event source mappings read a table stream: shard iterators from
 * the trim horizon, GetRecords about four times a second and again at once while a backlog lasts, batches of
 * the mapping's size, the shard list again when a shard closes (and every
 * 10 s), each mapping's filter criteria, and per-record failures: on a reported failure the
 * mapping resumes from the lowest failed record, which is retried up to the mapping's limit before it is dropped
 * to the failure list (the deployed mapping's on-failure destination).
 * With a position file a mapping keeps, like its checkpoint, the last record handled in each shard, and a
 * restart resumes after it instead of at the trim horizon.
 *
 * One read serves every mapping. On AWS each mapping polls the shard itself, on the service's machines; here both
 * run in the process that serves the requests, against the engine that answers them, and a second read of every
 * record doubled what the stream cost both. Each mapping still keeps its own pending records, failures and
 * checkpoint; what it gives up is reading ahead of a mapping that is retrying a batch: the next read waits until
 * every mapping has handed over what it holds (at most the retry limit's polls, then the record is dropped).
 */
export class StreamReader {
  private readonly shards = new Map<string, Shard>();
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<void> | undefined;
  private streamArn = '';
  private discoveredAt = 0;
  private shardClosed = false;
  private readonly client: DynamoDBStreamsClient;
  /** Records any mapping gave up on after its retries. */
  readonly droppedRecords: DynamoDBRecord[] = [];

  constructor(private readonly endpoint: string, private readonly tableName: string, private readonly mappings: readonly StreamMapping[]) {
    this.client = withoutSdkLogging(new DynamoDBStreamsClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, protocol: WireRecordsProtocol }));
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

  private savedPositions(mapping: StreamMapping): Record<string, string> {
    if (!mapping.positionFile || !existsSync(mapping.positionFile)) return {};
    const saved = JSON.parse(readFileSync(mapping.positionFile, 'utf8')) as SavedPosition;
    // Positions of another stream (the table was made anew) mean nothing here.
    return saved.streamArn === this.streamArn ? saved.shards : {};
  }

  private savePositions(mapping: StreamMapping): void {
    if (!mapping.positionFile) return;
    const shards = Object.fromEntries(
      [...this.shards.values()].flatMap((shard) => {
        const done = shard.standings.find((standing) => standing.mapping === mapping)?.done;
        return done ? [[shard.id, done]] : [];
      }),
    );
    writeFileSync(`${mapping.positionFile}.tmp`, JSON.stringify({ streamArn: this.streamArn, shards } satisfies SavedPosition));
    renameSync(`${mapping.positionFile}.tmp`, mapping.positionFile);
  }

  private async discoverShards(): Promise<void> {
    const description = await this.client.send(new DescribeStreamCommand({ StreamArn: this.streamArn }));
    const saved = this.mappings.map((mapping): Record<string, string> => (this.shards.size === 0 ? this.savedPositions(mapping) : {}));
    for (const shard of description.StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || this.shards.has(shard.ShardId)) continue;
      const standings = this.mappings.map((mapping, index): Standing => ({ mapping, pending: [], headFailures: 0, done: saved[index]![shard.ShardId!] }));
      // The read starts after the record every mapping has handled; each skips what it handled beyond that.
      const earliest = standings.some((standing) => standing.done === undefined)
        ? undefined
        : standings.map((standing) => standing.done!).reduce((least, done) => (BigInt(done) < BigInt(least) ? done : least));
      const iterator = await this.client.send(
        new GetShardIteratorCommand({ StreamArn: this.streamArn, ShardId: shard.ShardId, ...(earliest ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: earliest } : { ShardIteratorType: 'TRIM_HORIZON' }) }),
      );
      this.shards.set(shard.ShardId, { id: shard.ShardId, iterator: iterator.ShardIterator, standings });
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
   * Reads a shard and hands each mapping what matches it, and reads again at once while a read comes back full (a
   * backlog: the event source mapping, too, resumes polling after a successful batch rather than waiting for its next
   * poll), until a read finds fewer, the shard closes, or a batch fails (it is retried at the next poll). A read that
   * is not full waits for the next poll, so a steady load is read four times a second, not in a loop.
   */
  private async drain(shard: Shard): Promise<void> {
    for (;;) {
      let read = 0;
      if (shard.iterator) {
        // The protocol hands the answer over as the wire has it, not as the SDK's types describe it.
        const page = (await this.client.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: RECORDS_PER_READ }))) as WireRecords;
        shard.iterator = page.NextShardIterator;
        // A closed shard's children carry on where it ends: look for them at once.
        if (!shard.iterator) this.shardClosed = true;
        read = page.Records?.length ?? 0;
        for (const record of page.Records ?? []) {
          const converted = asLambdaRecord(record, this.streamArn);
          const sequence = converted.dynamodb?.SequenceNumber ?? '0';
          for (const standing of shard.standings) {
            if (isAfter(sequence, standing.done) && passesAny(standing.mapping.filters, converted)) standing.pending.push(converted);
          }
        }
      }
      // The mappings are separate functions on AWS: each is handed its batches beside the others.
      await Promise.all(shard.standings.map((standing) => this.deliver(standing)));
      if (read < RECORDS_PER_READ || !shard.iterator || shard.standings.some((standing) => standing.pending.length > 0)) return;
    }
  }

  private markDone(standing: Standing, record: DynamoDBRecord | undefined): void {
    const sequence = record?.dynamodb?.SequenceNumber;
    if (!sequence) return;
    standing.done = sequence;
    this.savePositions(standing.mapping);
  }

  private async deliver(standing: Standing): Promise<void> {
    while (standing.pending.length > 0) {
      const batch = standing.pending.slice(0, STREAM_SOURCE.batchSize);
      let failedAt = -1;
      try {
        const result = await standing.mapping.consumer({ Records: batch });
        const failed = new Set((result?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
        failedAt = batch.findIndex((record) => failed.has(record.dynamodb?.SequenceNumber ?? ''));
      } catch (error) {
        console.error('local runtime: stream consumer threw; the batch is retried', error);
        failedAt = 0;
      }
      if (failedAt === -1) {
        this.markDone(standing, batch.at(-1));
        standing.pending.splice(0, batch.length);
        standing.headFailures = 0;
        continue;
      }
      // Resume from the lowest failed record: everything before it is done.
      if (failedAt > 0) this.markDone(standing, batch[failedAt - 1]);
      standing.pending.splice(0, failedAt);
      if (failedAt > 0) standing.headFailures = 0;
      standing.headFailures++;
      if (standing.headFailures > STREAM_SOURCE.maximumRetryAttempts) {
        const dropped = standing.pending.shift()!;
        this.droppedRecords.push(dropped);
        this.markDone(standing, dropped);
        standing.headFailures = 0;
        continue;
      }
      return;
    }
  }
}
