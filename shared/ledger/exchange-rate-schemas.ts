import * as v from 'valibot';
import { CalendarDate, CurrencyCode, ExchangeRateInput, ExchangeRateOutput, PagingQuery, Timestamp } from '../platform/core/fields.ts';

export const ExchangeRateCreate = v.strictObject({
  currency: v.pipe(CurrencyCode, v.description('Any currency but the home currency.')),
  date: CalendarDate,
  rate: ExchangeRateInput,
});

export const ExchangeRate = v.object({
  currency: v.string(),
  date: v.string(),
  rate: ExchangeRateOutput,
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const ExchangeRateListQuery = v.pipe(
  v.strictObject({ ...PagingQuery, currency: v.optional(CurrencyCode), from: v.optional(CalendarDate), to: v.optional(CalendarDate) }),
  v.forward(
    v.check((query) => !query.from || !query.to || query.from <= query.to, 'must not be after to'),
    ['from'],
  ),
);
