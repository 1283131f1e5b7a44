import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { messageQueue } from '../../shared/events/transports.ts';
import { logger } from '../../shared/http/logger.ts';
import { attemptDelivery, type DeliveryMessage } from '../../shared/webhooks/deliveries.ts';

/**
 * Delivery: one attempt per message. A retry hides the message for the schedule's pause and reports it failed,
 * so SQS hands it back then; an exhausted delivery keeps failing until SQS moves it to the dead-letter queue.
 */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      try {
        const result = await attemptDelivery(JSON.parse(record.body) as DeliveryMessage);
        if (result.kind === 'settled') continue;
        await messageQueue().changeVisibility('delivery', record.receiptHandle, result.kind === 'retry' ? result.afterSeconds : 0);
        batchItemFailures.push({ itemIdentifier: record.messageId });
      } catch (error) {
        logger.error('Delivery attempt failed to run; the message will be retried', { messageId: record.messageId, error: error as Error });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  });
