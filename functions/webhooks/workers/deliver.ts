import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sqsConsumer } from '../../../shared/platform/outbox/sqs-batch.ts';
import { messageQueue } from '../../../shared/platform/outbox/transports.ts';
import { logger } from '../../../shared/platform/http/logger.ts';
import { telemetry } from '../../../shared/platform/observability/telemetry.ts';
import { attemptDelivery, requeueHeld, type DeliveryMessage } from '../../../shared/webhooks/deliveries.ts';

/** Not an error: the message is reported failed so that SQS hands it back when the schedule says. */
class NotYetDelivered extends Error {}

/**
 * Delivery: one attempt per message. A retry hides the message for the schedule's pause and reports it failed,
 * so SQS hands it back then; an exhausted delivery keeps failing until SQS moves it to the dead-letter queue.
 */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler(
    sqsConsumer(async (record) => {
      const message = JSON.parse(record.body) as DeliveryMessage;
      const result = await attemptDelivery(message);
      if (result.kind === 'settled') return;
      if (result.kind === 'held') return requeueHeld(message, result.afterSeconds);
      await messageQueue().changeVisibility('delivery', record.receiptHandle, result.kind === 'retry' ? result.afterSeconds : 0);
      throw new NotYetDelivered(result.kind);
    }),
  );
