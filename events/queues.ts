/**
 * The queues of the webhook pipeline, of the reminders job and of queued bank imports, defined once for CDK and the local runtime. Visibility timeouts are six
 * times the consumer's timeout, as AWS advises for SQS event sources. The delivery queue dead-letters a message
 * after the webhook retry schedule's last attempt: its receive count is the schedule's attempts, which the
 * schedule takes from here (`shared/webhooks/webhook-schedule.ts`; its test holds the delays to the count).
 */
export const QUEUES = {
  fanout: { consumerTimeoutSeconds: 30, visibilityTimeoutSeconds: 180, maxReceiveCount: 5, batchSize: 10 },
  delivery: { consumerTimeoutSeconds: 30, visibilityTimeoutSeconds: 180, maxReceiveCount: 13, batchSize: 1 },
  /** One message per business and day from the reminders schedule; three tries, then the dead-letter queue. */
  reminders: { consumerTimeoutSeconds: 60, visibilityTimeoutSeconds: 360, maxReceiveCount: 3, batchSize: 1 },
  /** One message per chunk of a queued bank import (250 lines); five tries, then the dead-letter queue. */
  imports: { consumerTimeoutSeconds: 120, visibilityTimeoutSeconds: 720, maxReceiveCount: 5, batchSize: 1 },
  /**
   * One message per invoice e-mail, from the bus. A failed send comes back after a growing pause
   * (`MAIL_RETRY_SECONDS`) and, after the last, goes to the dead-letter queue, as a webhook delivery does.
   */
  mail: { consumerTimeoutSeconds: 60, visibilityTimeoutSeconds: 360, maxReceiveCount: 8, batchSize: 1 },
  /**
   * FIFO, one group per business: each message a business's new audit entries, from the projector, for the
   * chainer (docs/audit-trail.md). Ten a batch (FIFO's most); a group whose message fails waits out the visibility
   * timeout before it comes again, so it is kept short; after ten tries, the dead-letter queue, and an alarm.
   */
  audit: { consumerTimeoutSeconds: 30, visibilityTimeoutSeconds: 180, maxReceiveCount: 10, batchSize: 10 },
  /**
   * One message per audit-log export job, from the projector. Its worker streams the range into the records bucket
   * within one invocation (a year of a busy business's entries is minutes at most), so it has Lambda's longest
   * timeout; three tries, then the job is marked failed and the message dead-letters.
   */
  exports: { consumerTimeoutSeconds: 900, visibilityTimeoutSeconds: 5400, maxReceiveCount: 3, batchSize: 1 },
  /**
   * The records bucket's object-created notifications: each an upload for its check (attachments, a read of the
   * file's first bytes). Three tries, then the dead-letter queue; an upload left unchecked stays pending and
   * tagged, and the bucket expires it after a day.
   */
  uploads: { consumerTimeoutSeconds: 30, visibilityTimeoutSeconds: 180, maxReceiveCount: 3, batchSize: 10 },
} as const;

/** The pause before each next attempt of a failed e-mail (about 12 hours in all, then the dead-letter queue). */
export const MAIL_RETRY_SECONDS = [60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600] as const;

/** The daily reminders schedule: its time (UTC) and EventBridge Scheduler's retry policy for invoking its function. */
export const REMINDERS_SCHEDULE = { cron: 'cron(0 6 * * ? *)', everyMs: 24 * 3600 * 1000, maximumRetryAttempts: 5, maximumEventAgeSeconds: 6 * 3600, timeoutSeconds: 300 } as const;

/** The stream publisher's event source mapping. */
export const STREAM_SOURCE = { batchSize: 100, maximumRetryAttempts: 20, pollIntervalMs: 250 } as const;
