import { actingAs, serviceActor } from '../../../shared/platform/trail/acting.ts';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { MAIL_RETRY_SECONDS } from '../../../events/queues.ts';
import type { OutboxEvent } from '../../../shared/platform/outbox/outbox.ts';
import { sqsConsumer } from '../../../shared/platform/outbox/sqs-batch.ts';
import { messageQueue } from '../../../shared/platform/outbox/transports.ts';
import { logLine, logger } from '../../../shared/platform/http/logger.ts';
import { telemetry } from '../../../shared/platform/observability/telemetry.ts';
import { deliverInvitationMail } from '../../../shared/access/members/deliver-invitation-mail.ts';
import { deliverInvoiceMail } from '../../../shared/sales/deliver-invoice-mail.ts';
import type { InvoiceMailRecord } from '../../../shared/sales/invoice-mail-schemas.ts';
import type { InvitationMailRecord } from '../../../shared/access/members/schemas.ts';
import { deliverStatementMail } from '../../../shared/reports/deliver-statement-mail.ts';
import type { StatementMailRecord } from '../../../shared/reports/statement-schemas.ts';
import { MEMBER_INVITATION_EVENT, STATEMENT_MAIL_EVENT } from '../../../events/rules.ts';

type MailEvent = OutboxEvent<InvoiceMailRecord> | OutboxEvent<InvitationMailRecord> | OutboxEvent<StatementMailRecord>;

/** Sends the message of one record, by its kind: a member's invitation, a customer's statement, else an invoice. */
async function deliver(event: MailEvent): Promise<string> {
  if (event.type === MEMBER_INVITATION_EVENT) return deliverInvitationMail(event as OutboxEvent<InvitationMailRecord>);
  if (event.type === STATEMENT_MAIL_EVENT) return deliverStatementMail(event as OutboxEvent<StatementMailRecord>);
  return deliverInvoiceMail(event as OutboxEvent<InvoiceMailRecord>);
}

/**
 * The mail worker: one e-mail (an invoice's, a member's invitation, a statement) per message (an EventBridge envelope of the outbox record). A failed send is
 * hidden for the next pause of `MAIL_RETRY_SECONDS` and reported failed, so SQS hands it back then; after the last
 * attempt SQS moves it to the dead-letter queue, whose depth is alarmed.
 */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler(
    sqsConsumer(async (record) => {
      const event = (JSON.parse(record.body) as { detail: MailEvent }).detail;
      try {
        // What the worker records (an invoice's sent_at) is the service's act, named as the mail worker's.
        const outcome = await actingAs({ actor: serviceActor('mail'), requestId: record.messageId, clientIp: null }, () => deliver(event));
        logLine('INFO', 'e-mail', { kind: event.type, business_id: event.business_id, message_id: event.data.message_id, outcome });
      } catch (error) {
        const attempt = Number(record.attributes.ApproximateReceiveCount);
        const pause = MAIL_RETRY_SECONDS[Math.min(attempt, MAIL_RETRY_SECONDS.length) - 1] ?? MAIL_RETRY_SECONDS[0];
        logLine('WARN', 'e-mail failed; it comes back later', { business_id: event.business_id, message_id: event.data.message_id, attempt, retry_in_seconds: pause, error: String(error) });
        await messageQueue().changeVisibility('mail', record.receiptHandle, pause);
        throw error;
      }
    }),
  );
