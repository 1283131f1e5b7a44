import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as v from 'valibot';
import { QUEUES } from '../../../events/queues.ts';
import { runAuditExport } from '../../../shared/audit/export-file.ts';
import { AuditExportJobMessage, failAuditExport } from '../../../shared/audit/export-jobs.ts';
import { sqsConsumer } from '../../../shared/platform/outbox/sqs-batch.ts';
import { logLine, logger } from '../../../shared/platform/http/logger.ts';
import { telemetry } from '../../../shared/platform/observability/telemetry.ts';

/** One audit-log export job, from the exports queue; a failure comes back and, repeated, marks the job failed and dead-letters. */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler(
    sqsConsumer(async (record) => {
      const job = v.parse(AuditExportJobMessage, JSON.parse(record.body));
      try {
        if (await runAuditExport(job.business_id, job.export_id)) logLine('INFO', 'audit export written', { business_id: job.business_id, export_id: job.export_id });
      } catch (error) {
        const attempts = Number(record.attributes.ApproximateReceiveCount);
        if (attempts >= QUEUES.exports.maxReceiveCount) await failAuditExport(job.business_id, job.export_id, `the file could not be written after ${attempts} attempts; request the export again`);
        throw error;
      }
    }),
  );
