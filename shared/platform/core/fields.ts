import * as v from 'valibot';
import { isCalendarDate } from './dates.ts';
import { normalizeId, type Id } from './ids.ts';
import { isCurrency, MAX_AMOUNT_MAJOR, MAX_AMOUNT_TEXT } from './money.ts';
import { clampPageSize, decodeCursor, PAGE_DEFAULT, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, pageRequest, type PageRequest, type Resume } from './paging.ts';

/** Field schemas shared by every resource's request schemas, so each rule is written once. */

/** A surrogate half without its other half: JSON can carry one (`"\\ud800"`), but it is no character of any text. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const Text = (max: number) =>
  v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(max, `must be at most ${max} characters`), v.check((text) => !LONE_SURROGATE.test(text), 'must be valid Unicode text'));

export const IdRef = v.pipe(
  v.string(),
  v.description('A UUID, with or without dashes, in any case.'),
  v.check((text) => normalizeId(text) !== null, 'must be a UUID'),
  v.transform((text) => normalizeId(text) as Id),
);

export const CurrencyCode = v.pipe(
  v.string(),
  v.description('An ISO 4217 currency code, such as USD.'),
  v.check(isCurrency, 'must be an ISO 4217 currency code'),
);

/** A money amount in major units; its decimals are checked against the currency by the use case. */
export const Amount = v.pipe(
  v.number('must be a number'),
  v.finite('must be a finite number'),
  v.minValue(-MAX_AMOUNT_MAJOR, `must be at least -${MAX_AMOUNT_TEXT}`),
  v.maxValue(MAX_AMOUNT_MAJOR, `must be at most ${MAX_AMOUNT_TEXT}`),
  v.description(`Major units, with at most the currency's minor digits; at most ${MAX_AMOUNT_TEXT} in absolute value.`),
);

const MIN_RATE = 1e-9;
const MIN_RATE_TEXT = '0.000000001';
const MAX_RATE = 1e9;

/** An exchange rate as sent; its precision (10 significant digits) is checked exactly by `parseRate`. */
export const ExchangeRateInput = v.pipe(
  v.number('must be a number'),
  v.finite('must be a finite number'),
  v.check((rate) => rate > 0, 'must be greater than 0'),
  // Far past any two currencies' rate, and within what a DynamoDB number holds (1e-300 underflowed to a 500).
  v.check((rate) => rate <= 0 || rate >= MIN_RATE, `must be at least ${MIN_RATE_TEXT}`),
  v.maxValue(MAX_RATE, `must be at most ${MAX_RATE.toLocaleString('en-US')}`),
  v.description('Home-currency units for one unit of this currency: greater than 0, at most 10 significant digits; 1 (or left out) in the home currency. Left out in another currency, the business\'s latest rate on or before the date is used.'),
);

/** A rate as a resource shows it. */
export const ExchangeRateOutput = v.pipe(v.number(), v.description('Home-currency units for one unit of the currency, fixed once posted.'));

/** Payment terms: a document created without a due date is due this many days after its date. */
export const PaymentTermsDays = v.pipe(v.number('must be a number'), v.integer('must be a whole number of days'), v.minValue(0, 'must be from 0 to 365'), v.maxValue(365, 'must be from 0 to 365'));

export const CalendarDate = v.pipe(v.string(), v.description('YYYY-MM-DD'), v.check(isCalendarDate, 'must be a calendar date written YYYY-MM-DD'));

export const Email = v.pipe(v.string(), v.trim(), v.maxLength(254, 'must be at most 254 characters'), v.email('must be an email address'));

export const Timestamp = v.pipe(v.string(), v.description('An ISO 8601 timestamp in UTC.'));

export const ResourceId = v.pipe(v.string(), v.description('A UUID, lowercase with dashes.'));

export const PositiveInteger = v.pipe(
  v.string(),
  v.regex(/^[0-9]+$/, 'must be a positive integer'),
  v.transform(Number),
  v.safeInteger('must be a positive integer'),
  v.minValue(1, 'must be at least 1'),
);

/** A cursor this API handed out, decoded by `decode`; anything else is refused naming the parameter. */
export function CursorParameter<T>(description: string, decode: (text: string) => T | undefined) {
  return v.pipe(
    v.string(),
    v.description(description),
    v.rawTransform<string, T>(({ dataset, addIssue, NEVER }) => {
      const decoded = decode(dataset.value);
      if (decoded === undefined) {
        addIssue({ message: 'must be a next_cursor this API returned' });
        return NEVER;
      }
      return decoded;
    }),
  );
}

export const PagingQuery = {
  page: v.optional(v.pipe(PositiveInteger, v.description(`Page number, from 1 (default ${PAGE_DEFAULT}).`)), String(PAGE_DEFAULT)),
  page_size: v.optional(
    v.pipe(PositiveInteger, v.transform(clampPageSize), v.description(`Items per page, 1 to ${PAGE_SIZE_MAX} (default ${PAGE_SIZE_DEFAULT}); larger values are clamped.`)),
    String(PAGE_SIZE_DEFAULT),
  ),
  cursor: v.optional(CursorParameter('The `next_cursor` of the previous page: continues exactly after it (then `page` is ignored). Beyond the spec, for walking a whole list.', decodeCursor)),
};

export const Pagination = v.object({
  total_count: v.number(),
  page: v.number(),
  pageSize: v.number(),
  has_next: v.boolean(),
  has_prev: v.boolean(),
  next_cursor: v.nullable(v.string()),
});

export function pageOf<T extends v.GenericSchema>(item: T) {
  return v.object({ items: v.array(item), pagination: Pagination });
}

export function pageRequestOf(query: { readonly page: number; readonly page_size: number; readonly cursor?: Resume | undefined }): PageRequest {
  return pageRequest(query.page, query.page_size, query.cursor);
}
