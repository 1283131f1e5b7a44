import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { OutboxEvent } from '../../shared/db/outbox.ts';
import { logger } from '../../shared/http/logger.ts';
import { fanOut } from '../../shared/webhooks/deliveries.ts';

/** Fan-out: each bus event (an EventBridge envelope) becomes one delivery per subscribed endpoint. */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      try {
        const envelope = JSON.parse(record.body) as { detail: OutboxEvent };
        await fanOut(envelope.detail);
      } catch (error) {
        logger.error('Fan-out failed; the message will be retried', { messageId: record.messageId, error: error as Error });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  });
