import * as v from 'valibot';
import { AmountsInput, DocumentLines, LineResource } from '../../ledger/index.ts';
import { CalendarDate, CurrencyCode, ExchangeRateInput, ExchangeRateOutput, IdRef, PagingQuery, ResourceId, Text, Timestamp } from '../../platform/core/fields.ts';

const whole = (label: string, min: number, max: number) => v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(min, `must be at least ${min}`), v.maxValue(max, `must be at most ${max}`), v.description(label));

const Frequency = v.picklist(['weekly', 'monthly', 'yearly'], 'must be weekly, monthly or yearly');

export const ScheduleInput = v.pipe(
  v.strictObject({
    frequency: Frequency,
    interval: v.optional(whole('Every this many weeks, months or years.', 1, 12), 1),
    start_date: v.pipe(CalendarDate, v.description('The first occurrence; a monthly schedule started on the 31st runs on the last day of shorter months.')),
    end_date: v.optional(v.pipe(CalendarDate, v.description('No occurrence after this day.'))),
    count: v.optional(whole('No more than this many occurrences.', 1, 1000)),
  }),
  v.forward(
    v.check((schedule) => !schedule.end_date || schedule.end_date >= schedule.start_date, 'must not be before start_date'),
    ['end_date'],
  ),
);

export const InvoiceTemplateInput = v.strictObject({
  due_in_days: v.optional(whole("Each invoice's due date, this many days after its date.", 0, 365), 30),
  currency: v.optional(CurrencyCode),
  exchange_rate: v.optional(v.pipe(ExchangeRateInput, v.description("Fixes the rate of every invoice; without it, each takes the business's rate of its own date."))),
  reference: v.optional(Text(100)),
  amounts: v.optional(AmountsInput),
  lines: DocumentLines,
});

export const RecurringInvoiceCreate = v.strictObject({
  customer_id: IdRef,
  schedule: ScheduleInput,
  invoice: InvoiceTemplateInput,
  send: v.optional(v.pipe(v.boolean('must be true or false'), v.description("E-mail each invoice to the customer's address as it is posted.")), false),
  status: v.optional(v.picklist(['active', 'paused'], 'must be active or paused'), 'active'),
});

/** A change: the invoice template, sending, pausing or resuming, and when the schedule ends; not its rhythm. */
export const RecurringInvoicePatch = v.strictObject({
  invoice: v.optional(InvoiceTemplateInput),
  send: v.optional(v.boolean('must be true or false')),
  status: v.optional(v.picklist(['active', 'paused'], 'must be active or paused')),
  schedule: v.optional(v.strictObject({ end_date: v.optional(v.nullable(CalendarDate)), count: v.optional(v.nullable(whole('No more than this many occurrences.', 1, 1000))) })),
});

export type RecurringInvoiceCreateInput = v.InferOutput<typeof RecurringInvoiceCreate>;
export type RecurringInvoicePatchInput = v.InferOutput<typeof RecurringInvoicePatch>;
export type InvoiceTemplate = v.InferOutput<typeof InvoiceTemplateInput>;

export const RecurringInvoiceListQuery = v.strictObject({ ...PagingQuery });

const Skipped = v.object({
  date: CalendarDate,
  reason: v.pipe(v.picklist(['older', 'paused', 'locked', 'refused']), v.description('older: before the 12 latest at a start or resume; paused: fell due while paused; locked: on or before the lock date; refused: the invoice could not be posted (message says why).')),
  message: v.nullable(v.string()),
});

export const RecurringInvoice = v.object({
  id: ResourceId,
  customer_id: ResourceId,
  schedule: v.object({ frequency: Frequency, interval: v.number(), start_date: v.string(), end_date: v.nullable(v.string()), count: v.nullable(v.number()) }),
  invoice: v.object({ due_in_days: v.number(), currency: v.nullable(v.string()), exchange_rate: v.nullable(ExchangeRateOutput), reference: v.nullable(v.string()), amounts: v.picklist(['exclusive', 'inclusive']), lines: v.array(v.object({ ...v.omit(LineResource, ['amount', 'tax_amount', 'tax_rate']).entries, tax_rate: v.pipe(v.nullable(v.number()), v.description('The bare percentage as sent; null when the line names its rate by tax_rate_id.')) })) }),
  send: v.boolean(),
  status: v.picklist(['active', 'paused']),
  next_date: v.pipe(v.nullable(v.string()), v.description('The next occurrence; null once the schedule has ended.')),
  last_invoice_id: v.nullable(ResourceId),
  invoices_created: v.number(),
  skipped: v.pipe(v.array(Skipped), v.description('The occurrences skipped most recently (at most 50), oldest first.')),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export type RecurringInvoiceResource = v.InferOutput<typeof RecurringInvoice>;
export type SkippedOccurrence = v.InferOutput<typeof Skipped>;
