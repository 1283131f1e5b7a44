import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import * as v from 'valibot';
import { messageQueue } from '../../../shared/platform/outbox/transports.ts';
import { logLine, logger } from '../../../shared/platform/http/logger.ts';
import { telemetry } from '../../../shared/platform/observability/telemetry.ts';
import { businessesWithReminders } from '../../../shared/sales/reminders/reminders.ts';
import { businessesWithRecurringInvoices } from '../../../shared/sales/recurring/recurring.ts';
import { ScheduledRun, type ReminderJob } from '../../../shared/sales/reminders/job.ts';
import type { Id } from '../../../shared/platform/core/ids.ts';

/** Hands each business of a paged list to the queue with one day's work, one message each; answers how many. */
async function handOut(pageOf: (after?: string) => Promise<{ readonly businessIds: Id[]; readonly next?: string }>, date: string, work: ReminderJob['work']): Promise<number> {
  let businesses = 0;
  for (let page = await pageOf(); ; page = await pageOf(page.next)) {
    await Promise.all(
      page.businessIds.map((businessId) => {
        const job: ReminderJob = { business_id: businessId, date, work };
        return messageQueue().send('reminders', JSON.stringify(job), { group: businessId });
      }),
    );
    businesses += page.businessIds.length;
    if (!page.next) return businesses;
  }
}

/**
 * The daily schedule (EventBridge Scheduler on AWS, a timer locally): pages through the businesses with reminders
 * on, and those that keep recurring invoices, and hands each to the reminders queue, one message per business and
 * kind of work, so that a slow business holds up no other and each is retried (then dead-lettered) on its own. The
 * date is the schedule's, not the clock's, so a retried or late run works as of the day it was due, and tests
 * choose the day.
 */
export const handler = middy<unknown, { readonly businesses: number; readonly recurring: number }>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler(async (event) => {
    const date = v.parse(ScheduledRun, event).scheduled_time.slice(0, 10);
    const businesses = await handOut(businessesWithReminders, date, 'reminders');
    const recurring = await handOut(businessesWithRecurringInvoices, date, 'recurring');
    logLine('INFO', 'daily work scheduled', { date, businesses, recurring });
    return { businesses, recurring };
  });
