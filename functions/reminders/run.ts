import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as v from 'valibot';
import { sqsConsumer } from '../../shared/events/sqs-batch.ts';
import { logger } from '../../shared/http/logger.ts';
import { telemetry } from '../../shared/db/telemetry.ts';
import { ReminderJob } from '../../shared/reminders/job.ts';
import { sendDueReminders } from '../../shared/reminders/reminders.ts';

/** One business's daily reminders, from the reminders queue; a failure comes back and, repeated, dead-letters. */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler(
    sqsConsumer(async (record) => {
      const job = v.parse(ReminderJob, JSON.parse(record.body));
      const sent = await sendDueReminders(job.business_id, job.date);
      if (sent > 0) logger.info('reminders sent', { business_id: job.business_id, date: job.date, sent });
    }),
  );
