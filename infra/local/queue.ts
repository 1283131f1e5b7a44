import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

interface StoredMessage {
  readonly messageId: string;
  readonly body: string;
  readonly sentAt: number;
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt: number | null;
  receiptHandle: string | null;
  /** Received and being handled: hidden only while its consumer lives (not a retry waiting for its time). */
  inFlight: boolean;
  /** The message group (a business): a fair queue takes turns among groups. */
  readonly group?: string;
}

export interface QueueSettings {
  readonly visibilityTimeoutSeconds: number;
  readonly maxReceiveCount: number;
  readonly deadLetter?: LocalQueue;
  /**
   * Where the queue keeps its messages across restarts (under DATA_DIR), as SQS keeps them across a Lambda's:
   * a message is on disk before `send` returns, with its visibility time, so a retry keeps its schedule. Removals
   * are written shortly after, so a crash can bring back a message already handled (at-least-once, as SQS), never
   * lose one.
   */
  readonly file?: string;
  /**
   * As an SQS fair queue: receives take turns among message groups, and a group already holding this many
   * messages in flight waits, so one tenant's backlog (or its slow endpoints) cannot take every consumer.
   */
  readonly perGroupInFlight?: number;
  /**
   * As an SQS FIFO queue: one group's messages are handed out in the order sent, and a group with a message
   * received and not yet deleted (in flight, or waiting out its visibility timeout after a failure) gives out no
   * other, so one group is never in two batches at once; a message sent again with the same deduplication id
   * within five minutes is dropped.
   */
  readonly fifo?: boolean;
}

/** How long SQS FIFO remembers a deduplication id. */
const DEDUPLICATION_MS = 5 * 60 * 1000;

/**
 * An SQS queue in the process, with the behaviours the pipeline relies on: delays, a visibility timeout per
 * receive, ChangeMessageVisibility, a receive count, and moving a message to the dead-letter queue when it would
 * be received more than `maxReceiveCount` times.
 */
export class LocalQueue {
  private readonly messages = new Map<string, StoredMessage>();
  private saveTimer: NodeJS.Timeout | undefined;

  constructor(readonly name: string, private readonly settings: QueueSettings = { visibilityTimeoutSeconds: 30, maxReceiveCount: Number.POSITIVE_INFINITY }) {
    if (settings.file && existsSync(settings.file)) {
      // A message its consumer held when the process died comes back at once (its consumer is gone); one waiting
      // for a scheduled retry keeps its time.
      for (const message of JSON.parse(readFileSync(settings.file, 'utf8')) as StoredMessage[]) {
        this.messages.set(message.messageId, { ...message, receiptHandle: null, inFlight: false, visibleAt: message.inFlight ? Date.now() : message.visibleAt });
      }
    }
  }

  private readonly deduplicated = new Map<string, { readonly messageId: string; readonly at: number }>();

  send(body: string, delayMs = 0, group?: string, deduplicationId?: string): string {
    if (this.settings.fifo && deduplicationId) {
      const now = Date.now();
      for (const [id, seen] of this.deduplicated) if (now - seen.at > DEDUPLICATION_MS) this.deduplicated.delete(id);
      const seen = this.deduplicated.get(deduplicationId);
      if (seen) return seen.messageId;
    }
    const messageId = randomUUID();
    if (this.settings.fifo && deduplicationId) this.deduplicated.set(deduplicationId, { messageId, at: Date.now() });
    this.messages.set(messageId, { messageId, body, sentAt: Date.now(), visibleAt: Date.now() + delayMs, receiveCount: 0, firstReceivedAt: null, receiptHandle: null, inFlight: false, ...(group ? { group } : {}) });
    this.save();
    return messageId;
  }

  /** Writes the messages now (a new one must not be lost), or soon (a removal or a new visibility time). */
  private save(soon = false): void {
    const file = this.settings.file;
    if (!file) return;
    if (soon) {
      this.saveTimer ??= setTimeout(() => {
        this.saveTimer = undefined;
        this.save();
      }, 50);
      return;
    }
    writeFileSync(`${file}.tmp`, JSON.stringify([...this.messages.values()]));
    renameSync(`${file}.tmp`, file);
  }

  /** Writes what is pending to disk (on a clean stop). */
  flush(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.save();
  }

  private turn = 0;

  /** FIFO: each group's first messages, in order, from the groups none of whose messages is received and undeleted. */
  private nextInOrder(max: number, now: number): StoredMessage[] {
    const held = new Set<string>();
    for (const message of this.messages.values()) if (message.receiveCount > 0 && message.visibleAt > now) held.add(message.group ?? '');
    const chosen: StoredMessage[] = [];
    for (const message of this.messages.values()) {
      if (chosen.length >= max) break;
      if (!held.has(message.group ?? '') && message.visibleAt <= now) chosen.push(message);
    }
    return chosen;
  }

  /** The visible messages to hand out next: in order within a group, one group after another in turns. */
  private nextVisible(max: number, now: number): StoredMessage[] {
    if (this.settings.fifo) return this.nextInOrder(max, now);
    const cap = this.settings.perGroupInFlight ?? Number.POSITIVE_INFINITY;
    const busy = new Map<string, number>();
    const waiting = new Map<string, StoredMessage[]>();
    for (const message of this.messages.values()) {
      const group = message.group ?? '';
      if (message.visibleAt > now) {
        if (message.inFlight) busy.set(group, (busy.get(group) ?? 0) + 1);
        continue;
      }
      waiting.set(group, [...(waiting.get(group) ?? []), message]);
    }
    const groups = [...waiting.keys()];
    const start = groups.length ? this.turn++ % groups.length : 0;
    const order = [...groups.slice(start), ...groups.slice(0, start)];
    const chosen: StoredMessage[] = [];
    for (let progress = true; chosen.length < max && progress; ) {
      progress = false;
      for (const group of order) {
        const next = waiting.get(group)!;
        if (chosen.length >= max || next.length === 0 || (busy.get(group) ?? 0) >= cap) continue;
        chosen.push(next.shift()!);
        busy.set(group, (busy.get(group) ?? 0) + 1);
        progress = true;
      }
    }
    return chosen;
  }

  receive(max: number): SQSRecord[] {
    const now = Date.now();
    const records: SQSRecord[] = [];
    for (const message of this.nextVisible(max, now)) {
      if (message.receiveCount >= this.settings.maxReceiveCount) {
        this.messages.delete(message.messageId);
        this.settings.deadLetter?.send(message.body, 0, message.group);
        this.save(true);
        continue;
      }
      message.receiveCount++;
      message.firstReceivedAt ??= now;
      message.visibleAt = now + this.settings.visibilityTimeoutSeconds * 1000;
      message.receiptHandle = `${message.messageId}:${message.receiveCount}`;
      message.inFlight = true;
      records.push({
        messageId: message.messageId,
        receiptHandle: message.receiptHandle,
        body: message.body,
        attributes: {
          ApproximateReceiveCount: String(message.receiveCount),
          SentTimestamp: String(message.sentAt),
          SenderId: 'local',
          ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt),
          ...(message.group ? { MessageGroupId: message.group } : {}),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: `arn:aws:sqs:local:000000000000:${this.name}`,
        awsRegion: 'local',
      });
    }
    if (records.length > 0) this.save(true);
    return records;
  }

  delete(receiptHandle: string): void {
    const message = this.messages.get(receiptHandle.split(':')[0] ?? '');
    if (message?.receiptHandle === receiptHandle) {
      this.messages.delete(message.messageId);
      this.save(true);
    }
  }

  changeVisibility(receiptHandle: string, timeoutMs: number): void {
    const message = this.messages.get(receiptHandle.split(':')[0] ?? '');
    if (message?.receiptHandle === receiptHandle) {
      message.visibleAt = Date.now() + timeoutMs;
      message.inFlight = false;
      // A retry's new time is its schedule: written at once, so a restart keeps it.
      this.save();
    }
  }

  /** Messages still held (visible or not), for tests and the stop summary. */
  get depth(): number {
    return this.messages.size;
  }

  bodies(): string[] {
    return [...this.messages.values()].map((message) => message.body);
  }
}

type Consumer = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

/**
 * Polls a queue and calls its consumer like Lambda's SQS event source: batches of up to `batchSize`, several
 * batches at once, records not reported in `batchItemFailures` deleted, the whole batch kept when the consumer
 * throws.
 */
export function startConsumer(queue: LocalQueue, consumer: Consumer, options: { batchSize: number; concurrency: number; pollMs?: number }) {
  let running = true;
  let active = 0;
  const inFlight = new Set<Promise<void>>();
  const tick = () => {
    while (running && active < options.concurrency) {
      const records = queue.receive(options.batchSize);
      if (records.length === 0) break;
      active++;
      const run = (async () => {
        try {
          const result = await consumer({ Records: records });
          const failed = new Set((result?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
          for (const record of records) if (!failed.has(record.messageId)) queue.delete(record.receiptHandle);
        } catch (error) {
          console.error(`local runtime: ${queue.name} consumer threw; the batch stays on the queue`, error);
        } finally {
          active--;
        }
      })();
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
    }
  };
  const timer = setInterval(tick, options.pollMs ?? 20);
  return {
    async stop() {
      running = false;
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
