import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { processPartialResponse, SqsFifoPartialProcessorAsync } from '@aws-lambda-powertools/batch';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as v from 'valibot';
import { chainEntries, EntriesToChain } from '../../../shared/audit/chainer.ts';
import { logger } from '../../../shared/platform/http/logger.ts';
import { telemetry } from '../../../shared/platform/observability/telemetry.ts';

const processor = new SqsFifoPartialProcessorAsync();

/**
 * The audit chainer, on the FIFO queue the projector fills (one group per business): each message's entries are
 * placed after the business's head. A failure fails that business's later messages of the batch too (Powertools'
 * FIFO processor, `skipGroupOnError`), so its order holds, while other businesses' messages go on.
 */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler((event, context) =>
    processPartialResponse(event, async (record: SQSRecord) => void (await chainEntries(v.parse(EntriesToChain, JSON.parse(record.body)))), processor, { context, skipGroupOnError: true, throwOnFullBatchFailure: false }),
  );
