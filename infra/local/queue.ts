import { randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

interface StoredMessage {
  readonly messageId: string;
  readonly body: string;
  readonly sentAt: number;
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt: number | null;
  receiptHandle: string | null;
}

export interface QueueSettings {
  readonly visibilityTimeoutSeconds: number;
  readonly maxReceiveCount: number;
  readonly deadLetter?: LocalQueue;
}

/**
 * An SQS queue in the process, with the behaviours the pipeline relies on: delays, a visibility timeout per
 * receive, ChangeMessageVisibility, a receive count, and moving a message to the dead-letter queue when it would
 * be received more than `maxReceiveCount` times.
 */
export class LocalQueue {
  private readonly messages = new Map<string, StoredMessage>();

  constructor(readonly name: string, private readonly settings: QueueSettings = { visibilityTimeoutSeconds: 30, maxReceiveCount: Number.POSITIVE_INFINITY }) {}

  send(body: string, delayMs = 0): string {
    const messageId = randomUUID();
    this.messages.set(messageId, { messageId, body, sentAt: Date.now(), visibleAt: Date.now() + delayMs, receiveCount: 0, firstReceivedAt: null, receiptHandle: null });
    return messageId;
  }

  receive(max: number): SQSRecord[] {
    const now = Date.now();
    const records: SQSRecord[] = [];
    for (const message of this.messages.values()) {
      if (records.length >= max) break;
      if (message.visibleAt > now) continue;
      if (message.receiveCount >= this.settings.maxReceiveCount) {
        this.messages.delete(message.messageId);
        this.settings.deadLetter?.send(message.body);
        continue;
      }
      message.receiveCount++;
      message.firstReceivedAt ??= now;
      message.visibleAt = now + this.settings.visibilityTimeoutSeconds * 1000;
      message.receiptHandle = `${message.messageId}:${message.receiveCount}`;
      records.push({
        messageId: message.messageId,
        receiptHandle: message.receiptHandle,
        body: message.body,
        attributes: {
          ApproximateReceiveCount: String(message.receiveCount),
          SentTimestamp: String(message.sentAt),
          SenderId: 'local',
          ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: `arn:aws:sqs:local:000000000000:${this.name}`,
        awsRegion: 'local',
      });
    }
    return records;
  }

  delete(receiptHandle: string): void {
    const message = this.messages.get(receiptHandle.split(':')[0] ?? '');
    if (message?.receiptHandle === receiptHandle) this.messages.delete(message.messageId);
  }

  changeVisibility(receiptHandle: string, timeoutMs: number): void {
    const message = this.messages.get(receiptHandle.split(':')[0] ?? '');
    if (message?.receiptHandle === receiptHandle) message.visibleAt = Date.now() + timeoutMs;
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
