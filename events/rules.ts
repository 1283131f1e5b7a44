/**
 * How events travel, defined once: CDK builds the EventBridge rule and the stream's filter criteria from these,
 * and the local runtime's bus and stream reader apply the very same patterns.
 */
export const EVENT_SOURCE = 'ledger-service';

/** Lambda's filter on the table's stream: only new outbox items (sort key `EVT#…`) are published. */
export const OUTBOX_STREAM_FILTER = {
  eventName: ['INSERT'],
  dynamodb: { Keys: { sk: { S: [{ prefix: 'EVT#' }] } } },
} as const;

/**
 * The projector's filter on the same stream: every change of a document item (sort key `DOC#…`), a journal entry
 * item (`JOURNAL#…`) or a queued bank import (`BANK_IMPORT#…`, whose next chunk it hands to the imports queue). The table's
 * stream has two readers, the publisher and the projector, as DynamoDB advises (at most two per shard).
 */
export const PROJECTION_STREAM_FILTER = {
  eventName: ['INSERT', 'MODIFY', 'REMOVE'],
  dynamodb: { Keys: { sk: { S: [{ prefix: 'DOC#' }, { prefix: 'JOURNAL#' }, { prefix: 'BANK_IMPORT#' }] } } },
} as const;

export type RuleTarget = 'fanout';

export interface BusRule {
  readonly name: string;
  readonly description: string;
  readonly pattern: Record<string, unknown>;
  readonly target: RuleTarget;
}

export const BUS_RULES: readonly BusRule[] = [
  {
    name: 'EveryEventToFanOut',
    description: 'Every event of the service goes to the webhook fan-out queue.',
    pattern: { source: [EVENT_SOURCE] },
    target: 'fanout',
  },
];
