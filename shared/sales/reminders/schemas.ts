import * as v from 'valibot';
import { CalendarDate, ResourceId, Timestamp } from '../../platform/core/fields.ts';
import { Party } from '../../parties/index.ts';

const PolicyDay = v.pipe(v.number(), v.integer('must hold whole days'), v.minValue(1, 'must hold days from 1'), v.maxValue(365, 'must hold days up to 365'));

/** `PUT /settings/reminders`: the whole policy. Days are kept sorted; a day named twice is refused. */
export const ReminderPolicyInput = v.strictObject({
  enabled: v.boolean(),
  days_after_due: v.pipe(
    v.array(PolicyDay),
    v.minLength(1, 'must name at least one day'),
    v.maxLength(5, 'must name at most 5 days'),
    v.check((days) => new Set(days).size === days.length, 'must not name a day twice'),
    v.transform((days) => [...days].sort((a, b) => a - b)),
  ),
});

export type ReminderPolicyInput = v.InferOutput<typeof ReminderPolicyInput>;

export const ReminderPolicy = v.object({ enabled: v.boolean(), days_after_due: v.array(v.number()), updated_at: v.nullable(Timestamp) });

/** The `data` of `invoice.reminder`, as api.md gives it. */
export const ReminderPayload = v.object({
  customer: Party,
  invoices: v.array(v.object({ id: ResourceId, no: v.string(), due_date: CalendarDate, balance_due: v.number(), days_overdue: v.number() })),
  total_overdue: v.number(),
  currency: v.string(),
  stage: v.number(),
});

/** A reminder sent: the event's id and time, and its payload. */
export const Reminder = v.object({ id: v.string(), created_at: Timestamp, ...ReminderPayload.entries });
