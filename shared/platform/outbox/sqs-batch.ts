import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

/**
 * An SQS consumer that reports per-record failures (Powertools' batch processor): a record whose handler throws
 * is reported in `batchItemFailures` and comes back; the others are deleted. A batch in which every record fails
 * is reported the same way rather than thrown, so that a delivery waiting for its next attempt is not an error.
 */
export function sqsConsumer(handleRecord: (record: SQSRecord) => Promise<void>) {
  const processor = new BatchProcessor(EventType.SQS);
  return (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
    processPartialResponse(event, handleRecord, processor, { context, throwOnFullBatchFailure: false, processInParallel: false });
}
