/**
 * How events travel, defined once: CDK builds the EventBridge rule and the stream's filter criteria from these,
 * and the local runtime's bus and stream reader apply the very same patterns.
 */
import { matchesPattern } from './pattern.ts';

export const EVENT_SOURCE = 'ledger-service';

/** Lambda's filter on the table's stream: only new outbox items (sort key `EVT#…`) are published. */
export const OUTBOX_STREAM_FILTER = {
  eventName: ['INSERT'],
  dynamodb: { Keys: { sk: { S: [{ prefix: 'EVT#' }] } } },
} as const;

/**
 * The projector's filters on the same stream (either matches): every change of a document item (sort key `DOC#…`), a
 * journal entry item (`JOURNAL#…`), a queued bank import (`BANK_IMPORT#…`, whose next chunk it hands to the
 * imports queue) or an audit-log export job (`AUDIT_EXPORT#…`, to the exports queue); and each new audit entry (`E#…` in `BIZ#<b>#AUDIT#<yyyy>`), which it hands to the chainer, but
 * not the chainer's own update of it. The table's stream has two readers, the publisher and the projector, as
 * DynamoDB advises (at most two per shard).
 */
export const PROJECTION_STREAM_FILTERS = [
  { eventName: ['INSERT', 'MODIFY', 'REMOVE'], dynamodb: { Keys: { sk: { S: [{ prefix: 'DOC#' }, { prefix: 'JOURNAL#' }, { prefix: 'BANK_IMPORT#' }, { prefix: 'AUDIT_EXPORT#' }] } } } },
  { eventName: ['INSERT'], dynamodb: { Keys: { sk: { S: [{ prefix: 'E#' }] } } } },
] as const;

/** The publisher's, as a list of one like the projector's. */
export const OUTBOX_STREAM_FILTERS = [OUTBOX_STREAM_FILTER] as const;

/** Whether a stream record passes any of a reader's filters, as Lambda's filter criteria decide. */
export const passesAny = (filters: readonly object[], record: unknown) => filters.some((filter) => matchesPattern(filter, record));

export type RuleTarget = 'fanout' | 'mail';

/**
 * The internal outbox record of an invoice e-mail (see `shared/sales/invoice-mail.ts`): it travels the events' way
 * out, so a send is never lost nor doubled, but only the mail queue receives it; no webhook or feed ever shows it.
 */
export const INVOICE_MAIL_EVENT = 'invoice.mail';

/** The internal outbox record of a member's invitation e-mail (`shared/access/members/members.ts`), the mail queue's too. */
export const MEMBER_INVITATION_EVENT = 'member.invitation';

/** The internal outbox record of a customer's statement e-mail (`shared/reports/statement-mail.ts`), the mail queue's too. */
export const STATEMENT_MAIL_EVENT = 'statement.mail';

/** Every record the mail worker sends from. */
export const MAIL_EVENTS = [INVOICE_MAIL_EVENT, MEMBER_INVITATION_EVENT, STATEMENT_MAIL_EVENT] as const;

export interface BusRule {
  readonly name: string;
  readonly description: string;
  readonly pattern: Record<string, unknown>;
  readonly target: RuleTarget;
}

export const BUS_RULES: readonly BusRule[] = [
  {
    name: 'EveryEventToFanOut',
    description: 'Every event of the service but e-mails goes to the webhook fan-out queue.',
    pattern: { source: [EVENT_SOURCE], 'detail-type': [{ 'anything-but': [...MAIL_EVENTS] }] },
    target: 'fanout',
  },
  {
    name: 'MailToMailQueue',
    description: 'Each e-mail (an invoice, an invitation, a statement) goes to the mail queue, whose consumer builds and sends it.',
    pattern: { source: [EVENT_SOURCE], 'detail-type': [...MAIL_EVENTS] },
    target: 'mail',
  },
];
