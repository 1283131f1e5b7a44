import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { OutboxEvent } from '../../../shared/platform/outbox/outbox.ts';
import { sqsConsumer } from '../../../shared/platform/outbox/sqs-batch.ts';
import { logger } from '../../../shared/platform/http/logger.ts';
import { telemetry } from '../../../shared/platform/observability/telemetry.ts';
import { endpointsOncePerBatch, fanOut } from '../../../shared/webhooks/deliveries.ts';

/** Fan-out: each bus event (an EventBridge envelope) becomes one delivery per subscribed endpoint; a batch reads each business's endpoints once. */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler((event, context) => {
    const endpointsOf = endpointsOncePerBatch();
    return sqsConsumer(async (record) => {
      await fanOut((JSON.parse(record.body) as { detail: OutboxEvent }).detail, endpointsOf);
    })(event, context);
  });
