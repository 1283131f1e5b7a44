import { actingAs, serviceActor } from '../../../shared/platform/trail/acting.ts';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as v from 'valibot';
import { sqsConsumer } from '../../../shared/platform/outbox/sqs-batch.ts';
import { logLine, logger } from '../../../shared/platform/http/logger.ts';
import { telemetry } from '../../../shared/platform/observability/telemetry.ts';
import { ReminderJob } from '../../../shared/sales/reminders/job.ts';
import { sendDueReminders } from '../../../shared/sales/reminders/reminders.ts';
import { runDueRecurringInvoices } from '../../../shared/sales/recurring/recurring.ts';

/**
 * One business's daily work from the reminders queue: its reminders, or its recurring invoices' occurrences that
 * fell due; a failure comes back and, repeated, dead-letters.
 */
export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler(
    sqsConsumer(async (record) => {
      const job = v.parse(ReminderJob, JSON.parse(record.body));
      if (job.work === 'recurring') {
        const posted = await actingAs({ actor: serviceActor('recurring_invoices'), requestId: record.messageId, clientIp: null }, () => runDueRecurringInvoices(job.business_id, job.date));
        if (posted > 0) logLine('INFO', 'recurring invoices posted', { business_id: job.business_id, date: job.date, posted });
        return;
      }
      const sent = await actingAs({ actor: serviceActor('reminders'), requestId: record.messageId, clientIp: null }, () => sendDueReminders(job.business_id, job.date));
      if (sent > 0) logLine('INFO', 'reminders sent', { business_id: job.business_id, date: job.date, sent });
    }),
  );
