import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { MAIL_RETRY_SECONDS } from '../../events/queues.ts';
import type { OutboxEvent } from '../../shared/db/outbox.ts';
import { sqsConsumer } from '../../shared/events/sqs-batch.ts';
import { messageQueue } from '../../shared/events/transports.ts';
import { logger } from '../../shared/http/logger.ts';
import { telemetry } from '../../shared/db/telemetry.ts';
import { deliverInvoiceMail } from '../../shared/mail/deliver-invoice-mail.ts';
import type { InvoiceMailRecord } from '../../shared/mail/schemas.ts';

/**
 * The mail worker: one invoice e-mail per message (an EventBridge envelope of the outbox record). A failed send is
 * hidden for the next pause of `MAIL_RETRY_SECONDS` and reported failed, so SQS hands it back then; after the last
 * attempt SQS moves it to the dead-letter queue, whose depth is alarmed.
 */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler(
    sqsConsumer(async (record) => {
      const event = (JSON.parse(record.body) as { detail: OutboxEvent<InvoiceMailRecord> }).detail;
      try {
        const outcome = await deliverInvoiceMail(event);
        logger.info('invoice e-mail', { business_id: event.business_id, invoice_id: event.data.invoice_id, message_id: event.data.message_id, outcome });
      } catch (error) {
        const attempt = Number(record.attributes.ApproximateReceiveCount);
        const pause = MAIL_RETRY_SECONDS[Math.min(attempt, MAIL_RETRY_SECONDS.length) - 1] ?? MAIL_RETRY_SECONDS[0];
        logger.warn('invoice e-mail failed; it comes back later', { business_id: event.business_id, message_id: event.data.message_id, attempt, retry_in_seconds: pause, error: String(error) });
        await messageQueue().changeVisibility('mail', record.receiptHandle, pause);
        throw error;
      }
    }),
  );
