import * as v from 'valibot';
import { CalendarDate } from '../../platform/core/fields.ts';
import type { Id } from '../../platform/core/ids.ts';

/**
 * What the daily schedule hands its queue: one business's work of one day, its reminders or its recurring invoices
 * (a message queued before recurring invoices has no `work`: reminders).
 */
export const ReminderJob = v.object({ business_id: v.pipe(v.string(), v.transform((id) => id as Id)), date: CalendarDate, work: v.optional(v.picklist(['reminders', 'recurring']), 'reminders') });
export type ReminderJob = v.InferInput<typeof ReminderJob>;

/** The schedule's input: EventBridge Scheduler fills in `<aws.scheduler.scheduled-time>`. */
export const ScheduledRun = v.object({ scheduled_time: v.pipe(v.string(), v.isoTimestamp('must be an ISO timestamp')) });
