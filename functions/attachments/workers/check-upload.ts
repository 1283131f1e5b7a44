import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as v from 'valibot';
import { attachmentOfKey } from '../../../shared/attachments/attachments.ts';
import { checkArrivedUpload } from '../../../shared/attachments/open-uploads.ts';
import { normalizeId } from '../../../shared/platform/core/ids.ts';
import { actingAs, serviceActor } from '../../../shared/platform/trail/acting.ts';
import { sqsConsumer } from '../../../shared/platform/outbox/sqs-batch.ts';
import { logLine, logger } from '../../../shared/platform/http/logger.ts';
import { telemetry } from '../../../shared/platform/observability/telemetry.ts';

/** The bucket's Object Created event as EventBridge puts it on the queue (only attachments' keys pass its rule). */
const ObjectCreated = v.object({ 'detail-type': v.literal('Object Created'), detail: v.object({ object: v.object({ key: v.string() }) }) });

/**
 * Each upload of an attachment the records bucket reports, from the uploads queue: its file is checked
 * (`checkUpload`); a key that names no attachment is skipped. A failure comes back and, repeated, dead-letters; a
 * repeat of a checked upload changes nothing.
 */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler(
    sqsConsumer(async (record) => {
      const named = attachmentOfKey(v.parse(ObjectCreated, JSON.parse(record.body)).detail.object.key);
      const businessId = normalizeId(named?.businessId ?? '');
      const attachmentId = normalizeId(named?.attachmentId ?? '');
      if (!businessId || !attachmentId) return;
      const status = await actingAs({ actor: serviceActor('attachment_check'), requestId: record.messageId, clientIp: null }, () => checkArrivedUpload(businessId, attachmentId));
      if (status) logLine('INFO', 'attachment checked', { business_id: businessId, attachment_id: attachmentId, status });
    }),
  );
