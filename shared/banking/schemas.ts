import * as v from 'valibot';
import { Amount, CalendarDate, CurrencyCode, IdRef, PagingQuery, ResourceId, Text, Timestamp, ExchangeRateInput } from '../domain/fields.ts';

export const BANK_ACCOUNT_KINDS = ['bank', 'cash'] as const;

export const BankAccountCreate = v.strictObject({
  name: Text(200),
  kind: v.picklist(BANK_ACCOUNT_KINDS, `must be one of ${BANK_ACCOUNT_KINDS.join(', ')}`),
  currency: v.optional(CurrencyCode),
  opening_balance: v.optional(Amount),
  exchange_rate: v.optional(v.pipe(ExchangeRateInput, v.description('The rate the opening balance is booked at, in a currency other than the home currency.'))),
});

export const BankAccount = v.object({
  id: ResourceId,
  name: v.string(),
  kind: v.picklist(BANK_ACCOUNT_KINDS),
  currency: v.string(),
  opening_balance: v.number(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const BankAccountListQuery = v.strictObject({ ...PagingQuery });

export type BankAccountCreateInput = v.InferOutput<typeof BankAccountCreate>;
export type BankAccountResource = v.InferOutput<typeof BankAccount>;

export const LinesCreate = v.strictObject({
  lines: v.pipe(
    v.array(v.strictObject({ date: CalendarDate, amount: v.pipe(Amount, v.description('Signed: money in is positive, money out negative.')), description: v.optional(Text(500)), external_id: v.optional(Text(200)) })),
    v.minLength(1, 'must have at least one line'),
    v.maxLength(45, 'must have at most 45 lines'),
  ),
});

export const BankLine = v.object({
  id: ResourceId,
  account_id: ResourceId,
  date: v.string(),
  amount: v.number(),
  currency: v.string(),
  description: v.nullable(v.string()),
  external_id: v.nullable(v.string()),
  source: v.picklist(['api', 'import', 'rail']),
  created_at: Timestamp,
});

export const LinesResult = v.object({ added: v.array(BankLine), skipped: v.array(v.object({ index: v.number(), external_id: v.string() })) });
export const LinesListQuery = v.strictObject({ ...PagingQuery });

export const StatementImport = v.pipe(
  v.strictObject({
    format: v.picklist(['csv', 'ofx'], 'must be csv or ofx'),
    content: v.pipe(v.string(), v.minLength(1, 'must not be empty')),
    mapping: v.optional(v.strictObject({ date: Text(100), amount: Text(100), description: v.optional(Text(100)), external_id: v.optional(Text(100)) })),
    date_format: v.optional(v.picklist(['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY'], 'must be YYYY-MM-DD, DD/MM/YYYY or MM/DD/YYYY')),
  }),
  v.forward(v.check((input) => input.format !== 'csv' || input.mapping !== undefined, 'is required for a CSV file'), ['mapping']),
);

export const RailCreate = v.strictObject({ name: Text(100), payment_account_id: IdRef });
export const Rail = v.object({ id: ResourceId, name: v.string(), payment_account_id: ResourceId, created_at: Timestamp });
export const RailWithSecret = v.object({ ...Rail.entries, secret: v.pipe(v.string(), v.description('Signs rail calls. Shown only here.')) });
export const RailListQuery = v.strictObject({ ...PagingQuery });

export const PayoutConfirmation = v.object({
  type: v.literal('payout.confirmation', 'must be payout.confirmation'),
  id: Text(200),
  date: CalendarDate,
  amount: v.pipe(Amount, v.check((amount) => amount > 0, 'must be greater than zero')),
  currency: CurrencyCode,
  reference: v.optional(Text(200)),
  bill_id: v.optional(IdRef),
});

export const PayoutResult = v.object({ id: v.string(), replayed: v.boolean(), bank_feed_line: v.nullable(BankLine), payment: v.nullable(v.record(v.string(), v.unknown())) });
