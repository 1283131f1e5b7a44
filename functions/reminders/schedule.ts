import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import * as v from 'valibot';
import { messageQueue } from '../../shared/events/transports.ts';
import { logger } from '../../shared/http/logger.ts';
import { telemetry } from '../../shared/db/telemetry.ts';
import { businessesWithReminders } from '../../shared/reminders/reminders.ts';
import { ScheduledRun, type ReminderJob } from '../../shared/reminders/job.ts';

/**
 * The daily reminders schedule (EventBridge Scheduler on AWS, a timer locally): pages through the businesses with
 * reminders on and hands each to the reminders queue, one message per business, so that a slow business holds up
 * no other and each is retried (then dead-lettered) on its own. The date is the schedule's, not the clock's, so a
 * retried or late run reminds as of the day it was due, and tests choose the day.
 */
export const handler = middy<unknown, { readonly businesses: number }>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler(async (event) => {
    const date = v.parse(ScheduledRun, event).scheduled_time.slice(0, 10);
    let businesses = 0;
    for (let page = await businessesWithReminders(); ; page = await businessesWithReminders(page.next)) {
      await Promise.all(
        page.businessIds.map((businessId) => {
          const job: ReminderJob = { business_id: businessId, date };
          return messageQueue().send('reminders', JSON.stringify(job), { group: businessId });
        }),
      );
      businesses += page.businessIds.length;
      if (!page.next) break;
    }
    logger.info('reminders scheduled', { date, businesses });
    return { businesses };
  });
