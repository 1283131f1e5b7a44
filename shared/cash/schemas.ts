import * as v from 'valibot';
import { Amount, CalendarDate, CurrencyCode, ExchangeRateInput, ExchangeRateOutput, IdRef, PagingQuery, ResourceId, Text, Timestamp } from '../platform/core/fields.ts';

/** The published upper bound of allocations in one receipt or payment. */
export const MAX_ALLOCATIONS = 25;

export const MoneyCreate = v.strictObject({
  party_id: IdRef,
  date: CalendarDate,
  payment_account_id: IdRef,
  allocations: v.pipe(
    v.array(v.strictObject({ document_id: IdRef, amount: v.pipe(Amount, v.check((amount) => amount > 0, 'must be greater than zero')) })),
    v.minLength(1, 'must have at least one allocation'),
    v.maxLength(MAX_ALLOCATIONS, `must have at most ${MAX_ALLOCATIONS} allocations`),
  ),
  amount: v.optional(v.pipe(Amount, v.check((amount) => amount > 0, 'must be greater than zero'), v.description("The money received (or paid); default the allocations' sum. What it holds beyond them is unapplied_amount, the party's credit (an overpayment, applied later with POST …/{id}/allocations)."))),
  currency: v.optional(CurrencyCode),
  exchange_rate: v.optional(ExchangeRateInput),
  reference: v.optional(Text(100)),
  note: v.optional(Text(2000)),
});

export type MoneyInput = v.InferOutput<typeof MoneyCreate>;

export const MoneyDocument = v.object({
  id: ResourceId,
  no: v.string(),
  type: v.picklist(['Receipt', 'Payment']),
  allocations: v.array(v.object({ document_id: ResourceId, amount: v.number() })),
  reference: v.nullable(v.string()),
  currency: v.string(),
  exchange_rate: ExchangeRateOutput,
  note: v.nullable(v.string()),
  status: v.picklist(['Posted', 'Voided']),
  party_id: ResourceId,
  date: v.string(),
  payment_account_id: ResourceId,
  amount: v.pipe(v.number(), v.description('The money received or paid: the sum of the allocations plus unapplied_amount.')),
  unapplied_amount: v.pipe(v.number(), v.description('What it held beyond its allocations when recorded: the party\'s credit, kept as the overpayment named by overpayment_id (0 when none).')),
  overpayment_id: v.pipe(v.nullable(ResourceId), v.description("The prepayment (of a receipt) or vendor prepayment (of a payment) holding unapplied_amount as the party's credit, whose remaining_credit says what is left of it; null when none.")),
  voided_at: v.nullable(Timestamp),
  void_date: v.pipe(v.nullable(CalendarDate), v.description("The day the void's reversal is booked (null while not voided).")),
  created_at: Timestamp,
});

export const MoneyListQuery = v.strictObject({ ...PagingQuery });
