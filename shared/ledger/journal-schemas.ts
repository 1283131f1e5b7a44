import * as v from 'valibot';
import { draftPatchOf } from './draft-rules.ts';
import { LineTrackingInput, LineTrackingOutput } from './tracking/schemas.ts';
import { MAX_JOURNAL_LINES, MIN_JOURNAL_LINES } from './journal-rules.ts';
import { Amount, CalendarDate, CurrencyCode, ExchangeRateInput, ExchangeRateOutput, IdRef, PagingQuery, ResourceId, Text, Timestamp } from '../platform/core/fields.ts';

export const JournalLineInput = v.strictObject({
  account_id: IdRef,
  debit: v.optional(Amount),
  credit: v.optional(Amount),
  description: v.optional(Text(500)),
  tax_rate_id: v.optional(v.nullable(v.pipe(IdRef, v.description('A tax rate (GET /tax-rates): the line is a net amount and the journal books its tax beside it, a credit\'s to tax payable (a sale), a debit\'s to tax receivable (a purchase; self-assessed at a reverse-charge rate). The journal balances with that tax included.')))),
  tracking: v.optional(LineTrackingInput),
});

export const JournalCreate = v.strictObject({
  status: v.optional(v.pipe(v.picklist(['draft', 'posted'], 'must be draft or posted'), v.description('draft: saved without a number or a posting, changed with PATCH, posted by approve. Default posted.'))),
  date: CalendarDate,
  narration: Text(500),
  currency: v.optional(v.pipe(CurrencyCode, v.description('Default: the business base currency.'))),
  exchange_rate: v.optional(ExchangeRateInput),
  lines: v.pipe(v.array(JournalLineInput), v.minLength(MIN_JOURNAL_LINES, `must have at least ${MIN_JOURNAL_LINES} lines`), v.maxLength(MAX_JOURNAL_LINES, `must have at most ${MAX_JOURNAL_LINES} lines`)),
});

export type JournalCreateInput = v.InferOutput<typeof JournalCreate>;

export const ManualJournal = v.object({
  id: ResourceId,
  no: v.pipe(v.nullable(v.string()), v.description('The number in its gapless series, such as MJ-00001; null on a draft.')),
  status: v.picklist(['draft', 'posted', 'voided']),
  date: v.string(),
  narration: v.string(),
  currency: v.string(),
  exchange_rate: v.pipe(v.nullable(ExchangeRateOutput), v.description('Null on a draft: the rate of its date is taken when it is approved.')),
  lines: v.array(
    v.object({
      account_id: ResourceId,
      debit: v.number(),
      credit: v.number(),
      description: v.nullable(v.string()),
      tax_rate_id: v.pipe(v.nullable(v.string()), v.description('The tax rate the line names; null on an untaxed line.')),
      tax: v.pipe(v.number(), v.description('The tax the journal books for this line, on its side (0 without a rate).')),
      reverse_charge_tax: v.pipe(v.number(), v.description('Of a debit at a reverse-charge rate: the tax self-assessed, booked to both tax payable and tax receivable. 0 otherwise.')),
      tracking: LineTrackingOutput,
    }),
  ),
  total: v.pipe(v.number(), v.description('The debits, tax included (equal to the credits).')),
  journal_entry_id: v.pipe(v.nullable(ResourceId), v.description('Null on a draft.')),
  voided_at: v.nullable(Timestamp),
  void_date: v.pipe(v.nullable(CalendarDate), v.description("The day the void's reversal is booked (null while not voided).")),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export type ManualJournalResource = v.InferOutput<typeof ManualJournal>;

export const JournalListQuery = v.strictObject({
  ...PagingQuery,
  from: v.optional(CalendarDate),
  to: v.optional(CalendarDate),
  status: v.optional(v.pipe(v.picklist(['draft'], 'must be draft'), v.description('draft lists the drafts alone; without it the list holds posted journals only.'))),
});

export const JournalDraftPatch = draftPatchOf(JournalCreate);
