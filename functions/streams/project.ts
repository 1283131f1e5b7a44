import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { matchesPattern } from '../../events/pattern.ts';
import { PROJECTION_STREAM_FILTER } from '../../events/rules.ts';
import { documentStore } from '../../shared/documents/records.ts';
import { projectDocumentChange } from '../../shared/documents/status-projection.ts';
import { normalizeId, type Id } from '../../shared/domain/ids.ts';
import { logger } from '../../shared/http/logger.ts';
import { telemetry } from '../../shared/db/telemetry.ts';

const image = (value: unknown) => (value ? unmarshall(value as Record<string, AttributeValue>) : undefined);

/** The business and document a stream record of a document item is about (`BIZ#<b>#DOC`, `DOC#<id>`). */
function subjectOf(record: DynamoDBRecord): { readonly businessId: Id; readonly documentId: Id } | undefined {
  const keys = image(record.dynamodb?.Keys);
  const businessId = normalizeId(/^BIZ#([^#]+)#DOC$/.exec(String(keys?.pk ?? ''))?.[1] ?? '');
  const documentId = normalizeId(String(keys?.sk ?? '').slice('DOC#'.length));
  return businessId && documentId ? { businessId, documentId } : undefined;
}

/**
 * Applies each document change of the table stream to the status projection, in shard order. A change is applied
 * once whatever the deliveries (the projection keeps the version it reflects); at the first failure it stops and
 * reports that record, and the shard resumes from it.
 */
export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler(async (event) => {
    for (const record of event.Records.filter((candidate) => matchesPattern(PROJECTION_STREAM_FILTER, candidate))) {
      const subject = subjectOf(record);
      if (!subject) continue;
      try {
        const after = documentStore.fromItem(image(record.dynamodb?.NewImage));
        const before = documentStore.fromItem(image(record.dynamodb?.OldImage));
        // A deletion is the version after the last one seen: it takes the record's entries away.
        const version = after?.version ?? (before ? before.version + 1 : 0);
        await projectDocumentChange(subject.businessId, subject.documentId, version, after?.record);
      } catch (error) {
        logger.warn('A document change could not be projected; the shard resumes from it', { sequenceNumber: record.dynamodb?.SequenceNumber, error: String(error) });
        return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
      }
    }
    return { batchItemFailures: [] };
  });
