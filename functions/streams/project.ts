import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { matchesPattern } from '../../events/pattern.ts';
import { PROJECTION_STREAM_FILTER } from '../../events/rules.ts';
import { documentStore } from '../../shared/documents/records.ts';
import { projectDocumentChanges } from '../../shared/documents/status-projection.ts';
import type { DocumentRecord } from '../../shared/documents/records.ts';
import type { SourceChange } from '../../shared/db/projection.ts';
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
 * Applies the document changes of a batch of the table stream to the status projection, each business's a few to a
 * transaction (businesses side by side). A change is applied once whatever the deliveries (the projection keeps
 * the version it reflects), so on a failure the shard resumes from the earliest record of a business that failed.
 */
export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler(async (event) => {
    // The batch's changes by business, in shard order; each business's are applied a few to a transaction.
    const byBusiness = new Map<Id, { readonly first: DynamoDBRecord; readonly changes: SourceChange<DocumentRecord>[] }>();
    for (const record of event.Records.filter((candidate) => matchesPattern(PROJECTION_STREAM_FILTER, candidate))) {
      const subject = subjectOf(record);
      if (!subject) continue;
      const after = documentStore.fromItem(image(record.dynamodb?.NewImage));
      const before = documentStore.fromItem(image(record.dynamodb?.OldImage));
      // A deletion is the version after the last one seen: it takes the record's entries away.
      const version = after?.version ?? (before ? before.version + 1 : 0);
      const group = byBusiness.get(subject.businessId) ?? { first: record, changes: [] };
      byBusiness.set(subject.businessId, group);
      group.changes.push({ recordId: subject.documentId, version, record: after?.record });
    }
    const failed: DynamoDBRecord[] = [];
    await Promise.all(
      [...byBusiness].map(async ([businessId, group]) => {
        try {
          await projectDocumentChanges(businessId, group.changes);
        } catch (error) {
          logger.warn('Document changes could not be projected; the shard resumes from the first of them', { sequenceNumber: group.first.dynamodb?.SequenceNumber, error: String(error) });
          failed.push(group.first);
        }
      }),
    );
    // Everything from the earliest failed record on comes again; what was applied is dropped then by its version.
    const earliest = failed.sort((a, b) => event.Records.indexOf(a) - event.Records.indexOf(b))[0];
    return { batchItemFailures: earliest ? [{ itemIdentifier: earliest.dynamodb?.SequenceNumber ?? '' }] : [] };
  });
