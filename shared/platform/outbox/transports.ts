import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { ChangeMessageVisibilityCommand, SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import { config } from '../config.ts';
import { traced } from '../observability/telemetry.ts';

/**
 * Handlers reach EventBridge and SQS through these two small interfaces only, so the local runtime can stand in
 * for both. Only the stream publisher, the projector (queued imports, audit entries to chain), the webhook workers, the mail worker and the reminders schedule use them; an HTTP handler
 * never does (its events leave through the outbox).
 */
export interface BusEntry {
  readonly source: string;
  readonly detailType: string;
  /** The JSON of the event's detail. */
  readonly detail: string;
}

export interface EventBus {
  /** Puts up to 10 entries; answers the indexes of the entries that were not accepted. */
  putEvents(entries: readonly BusEntry[]): Promise<{ failedIndexes: number[] }>;
}

export type QueueName = 'delivery' | 'reminders' | 'imports' | 'mail' | 'audit' | 'exports';

export interface SendOptions {
  /** The tenant the message belongs to: an SQS fair queue shares its consumers fairly among groups. */
  readonly group: string;
  /** Hidden this long first (at most 900, as SQS allows; never on a FIFO queue). */
  readonly delaySeconds?: number;
  /**
   * On a FIFO queue (the audit chainer's): a message sent again with the same id within five minutes is dropped,
   * and `group` is the order it keeps: one group's messages are delivered in the order sent, one batch at a time.
   */
  readonly deduplicationId?: string;
}

export interface MessageQueue {
  send(queue: QueueName, body: string, options: SendOptions): Promise<void>;
  /** Hides a received message for `seconds` more: how a delivery schedules its next attempt. */
  changeVisibility(queue: QueueName, receiptHandle: string, seconds: number): Promise<void>;
}

interface Transports {
  bus?: EventBus;
  queue?: MessageQueue;
}

const holder = globalThis as typeof globalThis & { __ledgerTransports?: Transports };

/** The local runtime installs its in-process bus and queues here before it loads any handler. */
export function installTransports(transports: Transports): void {
  holder.__ledgerTransports = transports;
}

let awsBus: EventBus | undefined;
let awsQueue: MessageQueue | undefined;

export function eventBus(): EventBus {
  const local = holder.__ledgerTransports?.bus;
  if (local) return local;
  if (!awsBus) {
    const client = traced(new EventBridgeClient({ region: config().AWS_REGION }));
    awsBus = {
      async putEvents(entries) {
        const result = await client.send(
          new PutEventsCommand({ Entries: entries.map((entry) => ({ Source: entry.source, DetailType: entry.detailType, Detail: entry.detail, EventBusName: config().EVENT_BUS_NAME })) }),
        );
        const failedIndexes = (result.Entries ?? []).flatMap((entry, index) => (entry.ErrorCode ? [index] : []));
        // An answer with fewer entries than were sent leaves the missing ones unconfirmed: treat them as failed.
        for (let index = result.Entries?.length ?? 0; index < entries.length; index++) failedIndexes.push(index);
        return { failedIndexes };
      },
    };
  }
  return awsBus;
}

export function messageQueue(): MessageQueue {
  const local = holder.__ledgerTransports?.queue;
  if (local) return local;
  if (!awsQueue) {
    const client = traced(new SQSClient({ region: config().AWS_REGION }));
    const url = (queue: QueueName) => ({ delivery: config().DELIVERY_QUEUE_URL, reminders: config().REMINDERS_QUEUE_URL, imports: config().IMPORTS_QUEUE_URL, mail: config().MAIL_QUEUE_URL, audit: config().AUDIT_QUEUE_URL, exports: config().EXPORTS_QUEUE_URL })[queue];
    awsQueue = {
      async send(queue, body, options) {
        // On a standard queue, MessageGroupId makes it a fair queue: one business's backlog does not hold up another's.
        // On the FIFO queue it is the order kept, and the deduplication id drops a resend.
        await client.send(
          new SendMessageCommand({
            QueueUrl: url(queue),
            MessageBody: body,
            MessageGroupId: options.group,
            ...(options.delaySeconds ? { DelaySeconds: Math.min(900, Math.ceil(options.delaySeconds)) } : {}),
            ...(options.deduplicationId ? { MessageDeduplicationId: options.deduplicationId } : {}),
          }),
        );
      },
      async changeVisibility(queue, receiptHandle, seconds) {
        // SQS takes whole seconds, at most 12 hours.
        await client.send(new ChangeMessageVisibilityCommand({ QueueUrl: url(queue), ReceiptHandle: receiptHandle, VisibilityTimeout: Math.min(43_200, Math.ceil(seconds)) }));
      },
    };
  }
  return awsQueue;
}
