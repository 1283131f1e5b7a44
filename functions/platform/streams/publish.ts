import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { matchesPattern } from '../../../events/pattern.ts';
import { EVENT_SOURCE, OUTBOX_STREAM_FILTER } from '../../../events/rules.ts';
import { eventBus, type BusEntry } from '../../../shared/platform/outbox/transports.ts';
import { logLine, logger } from '../../../shared/platform/http/logger.ts';
import { telemetry } from '../../../shared/platform/observability/telemetry.ts';

const PUT_EVENTS_LIMIT = 10;

function toBusEntry(record: DynamoDBRecord): BusEntry {
  const image = unmarshall((record.dynamodb?.NewImage ?? {}) as Record<string, AttributeValue>);
  const detail = { id: image.id, type: image.type, created_at: image.created_at, business_id: image.business_id, data: image.data };
  return { source: EVENT_SOURCE, detailType: String(image.type), detail: JSON.stringify(detail) };
}

/**
 * Publishes committed outbox items (stream INSERTs of `EVT#…`) to the bus, ten to a PutEvents call, in stream
 * order. At the first entry the bus refuses, it stops and reports that record: Lambda resumes the shard from it,
 * so records before it are never sent again and records after it were not sent yet.
 */
export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler(async (event) => {
    const records = event.Records.filter((record) => matchesPattern(OUTBOX_STREAM_FILTER, record));
    for (let start = 0; start < records.length; start += PUT_EVENTS_LIMIT) {
      const chunk = records.slice(start, start + PUT_EVENTS_LIMIT);
      const { failedIndexes } = await eventBus().putEvents(chunk.map(toBusEntry));
      if (failedIndexes.length > 0) {
        const first = chunk[Math.min(...failedIndexes)]!;
        logLine('WARN', 'Bus refused an outbox event; the shard resumes from it', { sequenceNumber: first.dynamodb?.SequenceNumber ?? null });
        return { batchItemFailures: [{ itemIdentifier: first.dynamodb?.SequenceNumber ?? '' }] };
      }
    }
    return { batchItemFailures: [] };
  });
