import { actingAs, serviceActor } from '../../../shared/platform/trail/acting.ts';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as v from 'valibot';
import { failImport, ImportChunkJob, storeImportChunk } from '../../../shared/banking/imports.ts';
import { QUEUES } from '../../../events/queues.ts';
import { sqsConsumer } from '../../../shared/platform/outbox/sqs-batch.ts';
import { logLine, logger } from '../../../shared/platform/http/logger.ts';
import { telemetry } from '../../../shared/platform/observability/telemetry.ts';

/** One chunk of a queued bank import, from the imports queue; a failure comes back and, repeated, dead-letters. */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler(
    sqsConsumer(async (record) => {
      const job = v.parse(ImportChunkJob, JSON.parse(record.body));
      try {
        const stored = await actingAs({ actor: serviceActor('bank_import'), requestId: record.messageId, clientIp: null }, () => storeImportChunk(job.business_id, job.import_id, job.chunk));
        if (stored) logLine('INFO', 'import chunk stored', { business_id: job.business_id, import_id: job.import_id, chunk: job.chunk });
      } catch (error) {
        // The last attempt: the import says so before the message is dead-lettered, instead of staying running.
        const attempts = Number(record.attributes.ApproximateReceiveCount);
        if (attempts >= QUEUES.imports.maxReceiveCount) await failImport(job.business_id, job.import_id, job.chunk, attempts);
        throw error;
      }
    }),
  );
