import { MAX_ATTEMPTS } from '../shared/domain/webhook-schedule.ts';

/**
 * The two queues of the webhook pipeline, defined once for CDK and the local runtime. Visibility timeouts are six
 * times the consumer's timeout, as AWS advises for SQS event sources. The delivery queue dead-letters a message
 * after the schedule's last attempt.
 */
export const QUEUES = {
  fanout: { consumerTimeoutSeconds: 30, visibilityTimeoutSeconds: 180, maxReceiveCount: 5, batchSize: 10 },
  delivery: { consumerTimeoutSeconds: 30, visibilityTimeoutSeconds: 180, maxReceiveCount: MAX_ATTEMPTS, batchSize: 1 },
} as const;

/** The stream publisher's event source mapping. */
export const STREAM_SOURCE = { batchSize: 100, maximumRetryAttempts: 20, pollIntervalMs: 250 } as const;
