/**
 * The service's business metrics (CloudWatch embedded metric format, Powertools Metrics): named once here, for the
 * code that emits them and the alarms CDK builds on them.
 */
export const METRIC_NAMESPACE = 'LedgerService';

export const METRIC = {
  /** A posting committed (a document, receipt or payment with its journal entry). */
  postings: 'Postings',
  /** A transaction lost a race and was retried. */
  lostRaces: 'LostRaces',
  webhookAttempts: 'WebhookAttempts',
  webhookFailures: 'WebhookFailures',
  /** One attempt's duration, milliseconds. */
  webhookLatency: 'WebhookLatency',
  /** A request refused with 429 by its business's quota. */
  rateLimited: 'RateLimited',
  remindersSent: 'RemindersSent',
  /** A request of any route (API, page, OAuth, rail) failed with a 5xx: the whole service's error count. */
  serviceErrors: 'ServiceErrors',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];
