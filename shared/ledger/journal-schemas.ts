import * as v from 'valibot';
import { MAX_JOURNAL_LINES, MIN_JOURNAL_LINES } from './journal-rules.ts';
import { Amount, CalendarDate, CurrencyCode, ExchangeRateInput, ExchangeRateOutput, IdRef, PagingQuery, ResourceId, Text, Timestamp } from '../platform/core/fields.ts';

export const JournalLineInput = v.strictObject({
  account_id: IdRef,
  debit: v.optional(Amount),
  credit: v.optional(Amount),
  description: v.optional(Text(500)),
});

export const JournalCreate = v.strictObject({
  date: CalendarDate,
  narration: Text(500),
  currency: v.optional(v.pipe(CurrencyCode, v.description('Default: the business base currency.'))),
  exchange_rate: v.optional(ExchangeRateInput),
  lines: v.pipe(v.array(JournalLineInput), v.minLength(MIN_JOURNAL_LINES, `must have at least ${MIN_JOURNAL_LINES} lines`), v.maxLength(MAX_JOURNAL_LINES, `must have at most ${MAX_JOURNAL_LINES} lines`)),
});

export type JournalCreateInput = v.InferOutput<typeof JournalCreate>;

export const ManualJournal = v.object({
  id: ResourceId,
  no: v.pipe(v.string(), v.description('The number in its gapless series, such as MJ-00001.')),
  status: v.picklist(['posted', 'voided']),
  date: v.string(),
  narration: v.string(),
  currency: v.string(),
  exchange_rate: ExchangeRateOutput,
  lines: v.array(v.object({ account_id: ResourceId, debit: v.number(), credit: v.number(), description: v.nullable(v.string()) })),
  total: v.pipe(v.number(), v.description('The debits (equal to the credits).')),
  journal_entry_id: ResourceId,
  voided_at: v.nullable(Timestamp),
  void_date: v.pipe(v.nullable(CalendarDate), v.description("The day the void's reversal is booked (null while not voided).")),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export type ManualJournalResource = v.InferOutput<typeof ManualJournal>;

export const JournalListQuery = v.strictObject({ ...PagingQuery, from: v.optional(CalendarDate), to: v.optional(CalendarDate) });
