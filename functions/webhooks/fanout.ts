import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { OutboxEvent } from '../../shared/db/outbox.ts';
import { sqsConsumer } from '../../shared/events/sqs-batch.ts';
import { logger } from '../../shared/http/logger.ts';
import { telemetry } from '../../shared/db/telemetry.ts';
import { fanOut } from '../../shared/webhooks/deliveries.ts';

/** Fan-out: each bus event (an EventBridge envelope) becomes one delivery per subscribed endpoint. */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler(
    sqsConsumer(async (record) => {
      await fanOut((JSON.parse(record.body) as { detail: OutboxEvent }).detail);
    }),
  );
