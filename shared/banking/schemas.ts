import * as v from 'valibot';
import { Amount, CalendarDate, CurrencyCode, IdRef, PagingQuery, ResourceId, Text, Timestamp, ExchangeRateInput, ExchangeRateOutput } from '../platform/core/fields.ts';
import { LINE_STATUSES, MATCH_TYPES } from './bank-reconciliation.ts';
import { AMOUNT_OPERATORS, TEXT_OPERATORS } from './bank-rules.ts';
import { LineTrackingInput, LineTrackingOutput } from '../ledger/index.ts';

export const BANK_ACCOUNT_KINDS = ['bank', 'cash'] as const;

export const BankAccountCreate = v.strictObject({
  name: Text(200),
  kind: v.picklist(BANK_ACCOUNT_KINDS, `must be one of ${BANK_ACCOUNT_KINDS.join(', ')}`),
  currency: v.optional(CurrencyCode),
  opening_balance: v.optional(Amount),
  exchange_rate: v.optional(v.pipe(ExchangeRateInput, v.description('The rate the opening balance is booked at, in a currency other than the home currency.'))),
  opening_balance_date: v.optional(v.pipe(CalendarDate, v.description('The day the opening balance is booked on and the bank feed is reconciled from; default today.'))),
});

export const BankAccount = v.object({
  id: ResourceId,
  name: v.string(),
  kind: v.picklist(BANK_ACCOUNT_KINDS),
  currency: v.string(),
  opening_balance: v.number(),
  opening_balance_date: v.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const BankAccountListQuery = v.strictObject({ ...PagingQuery });

export type BankAccountCreateInput = v.InferOutput<typeof BankAccountCreate>;
export type BankAccountResource = v.InferOutput<typeof BankAccount>;

/** One statement line, as `POST …/lines` takes it and as every imported row must read. */
export const BankLineInput = v.strictObject({ date: CalendarDate, amount: v.pipe(Amount, v.description('Signed: money in is positive, money out negative.')), description: v.optional(Text(500)), external_id: v.optional(Text(200)) });

export const LinesCreate = v.strictObject({
  lines: v.pipe(
    v.array(BankLineInput),
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
  status: v.pipe(v.picklist(LINE_STATUSES), v.description('unmatched when recorded; matched (linked to postings on its account), categorized (posted as a bank transaction) or excluded.')),
  matches: v.array(v.object({ type: v.picklist(MATCH_TYPES), id: ResourceId, no: v.nullable(v.string()) })),
  journal_entry_id: v.pipe(v.nullable(ResourceId), v.description("A categorized line's own entry.")),
  tracking: v.pipe(LineTrackingOutput, v.description("A categorized line's tracking options (its bank transaction's); empty otherwise, and for one categorized unassigned.")),
  rule_id: v.nullable(ResourceId),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const LinesResult = v.object({ added: v.array(BankLine), skipped: v.array(v.object({ index: v.number(), external_id: v.nullable(v.string()) })), categorized: v.pipe(v.number(), v.description('How many of the added lines an auto rule posted as bank transactions.')) });
export const LinesListQuery = v.strictObject({ ...PagingQuery, status: v.optional(v.picklist(LINE_STATUSES, `must be one of ${LINE_STATUSES.join(', ')}`)), from: v.optional(CalendarDate), to: v.optional(CalendarDate) });

const MAX_MATCHED_POSTINGS = 25;

export const LineMatchInput = v.union(
  [
    v.strictObject({ money_id: IdRef }),
    v.strictObject({ journal_entry_ids: v.pipe(v.array(IdRef), v.minLength(1, 'must name at least one posting'), v.maxLength(MAX_MATCHED_POSTINGS, `must name at most ${MAX_MATCHED_POSTINGS} postings`)) }),
    v.strictObject({
      party_id: IdRef,
      allocations: v.pipe(
        v.array(v.strictObject({ document_id: IdRef, amount: v.pipe(Amount, v.check((amount) => amount > 0, 'must be greater than zero')) })),
        v.minLength(1, 'must have at least one allocation'),
        v.maxLength(MAX_MATCHED_POSTINGS, `must have at most ${MAX_MATCHED_POSTINGS} allocations`),
      ),
      reference: v.optional(Text(100)),
      exchange_rate: v.optional(ExchangeRateInput),
    }),
  ],
  'must be { money_id }, { journal_entry_ids: [...] } or { party_id, allocations: [...] } (records the receipt or payment the line is)',
);

export const LineCategorizeInput = v.strictObject({
  account_id: IdRef,
  description: v.optional(Text(500)),
  tax_rate_id: v.optional(v.nullable(v.pipe(IdRef, v.description('The tax rate of the tax inside the amount (GET /tax-rates).')))),
  tax_rate: v.optional(v.pipe(v.number('must be a number'), v.minValue(0, 'must not be negative'), v.maxValue(100, 'must be at most 100'), v.check((value) => /^\d+(\.\d{1,4})?$/.test(String(value)), 'takes at most four decimals'), v.description('A bare percentage, read when no tax_rate_id is named: 0 is the zero rate, any other the active standard rate of that percentage. Default 0.'))),
  exchange_rate: v.optional(ExchangeRateInput),
  tracking: v.optional(LineTrackingInput),
});

export const TransferCreate = v.strictObject({
  from_account_id: IdRef,
  to_account_id: IdRef,
  date: CalendarDate,
  amount: v.pipe(Amount, v.check((amount) => amount > 0, 'must be greater than zero')),
  exchange_rate: v.optional(ExchangeRateInput),
  reference: v.optional(Text(200)),
});

export const Transfer = v.object({
  id: ResourceId,
  no: v.string(),
  from_account_id: ResourceId,
  to_account_id: ResourceId,
  date: v.string(),
  amount: v.number(),
  currency: v.string(),
  exchange_rate: ExchangeRateOutput,
  reference: v.nullable(v.string()),
  journal_entry_id: ResourceId,
  voided_at: v.nullable(Timestamp),
  void_date: v.pipe(v.nullable(CalendarDate), v.description("The day the void's reversal is booked (null while not voided).")),
  created_at: Timestamp,
});

export const ReconciliationQuery = v.strictObject({ as_of: v.optional(CalendarDate) });

export const UnmatchedPostingsQuery = v.strictObject({ ...PagingQuery, as_of: v.optional(CalendarDate) });

export const UnmatchedPosting = v.object({
  journal_entry_id: ResourceId,
  type: v.picklist(MATCH_TYPES),
  id: v.pipe(ResourceId, v.description('The posting\'s own resource: the receipt, payment, cash sale, expense, journal or transfer.')),
  no: v.nullable(v.string()),
  date: CalendarDate,
  amount: v.pipe(v.number(), v.description("The posting's net on the account, in its currency: money in is positive, as on a bank line.")),
  currency: v.string(),
  until: v.pipe(v.nullable(CalendarDate), v.description('The date it stopped counting as unmatched (its void\'s, or its line\'s), after as_of; null while it still is.')),
});

const CountAndAmount = v.object({ count: v.number(), amount: v.number() });

export const Reconciliation = v.object({
  account_id: ResourceId,
  currency: v.string(),
  as_of: v.string(),
  opening_balance: v.number(),
  opening_balance_date: v.string(),
  feed_balance: v.pipe(v.number(), v.description('Opening balance plus every line not excluded, up to as_of.')),
  ledger_balance: v.pipe(v.number(), v.description('The account in the books at the end of as_of.')),
  reconciled_balance: v.pipe(v.number(), v.description('Opening balance plus the matched and categorized lines.')),
  stated_balance: v.nullable(v.number()),
  stated_date: v.nullable(v.string()),
  unmatched_lines: v.pipe(CountAndAmount, v.description("Lines not excluded that nothing explains at the end of as_of: the unmatched ones, and the part of a matched line whose posting is dated after as_of (a match counts from the later of its line's and its posting's dates).")),
  unmatched_postings: v.pipe(CountAndAmount, v.description("Postings on the account no line explains at the end of as_of: from a posting's date until its void's date (a voided posting and its reversal are left out together from then) or its line's date when that is later; listed by GET /bank-feeds/accounts/{id}/unmatched-postings. Kept by the amount index, which follows postings and matches within about a second.")),
  difference: v.pipe(v.number(), v.description('feed_balance - ledger_balance, which is unmatched_lines.amount - unmatched_postings.amount')),
  stated_difference: v.pipe(v.nullable(v.number()), v.description('stated_balance - feed_balance')),
});

/** A statement file's text: what a 1 MiB request holds, so a dashboard upload is bounded the same. */
export const MAX_STATEMENT_CHARACTERS = 1_048_576;

export const StatementImport = v.pipe(
  v.strictObject({
    format: v.picklist(['csv', 'ofx'], 'must be csv or ofx'),
    content: v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(MAX_STATEMENT_CHARACTERS, `must be at most ${MAX_STATEMENT_CHARACTERS} characters`)),
    mapping: v.optional(v.strictObject({ date: Text(100), amount: Text(100), description: v.optional(Text(100)), external_id: v.optional(Text(100)) })),
    date_format: v.optional(v.picklist(['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY'], 'must be YYYY-MM-DD, DD/MM/YYYY or MM/DD/YYYY')),
    closing_balance: v.optional(v.pipe(Amount, v.description("The bank's closing balance on closing_date; an OFX file's LEDGERBAL is read when this is absent."))),
    closing_date: v.optional(CalendarDate),
  }),
  v.forward(v.check((input) => input.format !== 'csv' || input.mapping !== undefined, 'is required for a CSV file'), ['mapping']),
  v.forward(v.check((input) => (input.closing_balance === undefined) === (input.closing_date === undefined), 'is required with closing_balance, and only with it'), ['closing_date']),
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

const RuleConditionInput = v.variant(
  'field',
  [
    v.strictObject({ field: v.literal('description'), operator: v.picklist(TEXT_OPERATORS, `must be one of ${TEXT_OPERATORS.join(', ')} for description`), value: Text(200) }),
    v.strictObject({ field: v.literal('amount'), operator: v.picklist(AMOUNT_OPERATORS, `must be one of ${AMOUNT_OPERATORS.join(', ')} for amount`), value: v.pipe(v.number('must be a number'), v.finite('must be a finite number'), v.check((value) => /^-?\d+(\.\d{1,4})?$/.test(String(value)), 'takes at most four decimals'), v.description('Signed: money in is positive.')) }),
  ],
  'must name a field: description or amount',
);

const RuleAction = v.union(
  [
    v.strictObject({ categorize: v.strictObject({ account_id: IdRef, tax_rate: v.optional(v.pipe(v.number('must be a number'), v.minValue(0, 'must not be negative'), v.maxValue(100, 'must be at most 100'), v.check((value) => /^\d+(\.\d{1,4})?$/.test(String(value)), 'takes at most four decimals')), 0), tax_rate_id: v.optional(v.nullable(IdRef)), tracking: v.optional(LineTrackingInput) }) }),
    v.strictObject({ party_id: IdRef }),
  ],
  'must be { categorize: { account_id, tax_rate } } or { party_id }',
);

export const MAX_RULE_CONDITIONS = 10;

const ruleFields = {
  name: Text(200),
  priority: v.optional(v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(0, 'must not be negative'), v.maxValue(1_000_000, 'must be at most 1000000')), 100),
  account_id: v.optional(v.nullable(v.pipe(IdRef, v.description('The one bank account the rule applies to; null or absent: every account.'))), null),
  conditions: v.pipe(v.array(RuleConditionInput), v.minLength(1, 'must have at least one condition'), v.maxLength(MAX_RULE_CONDITIONS, `must have at most ${MAX_RULE_CONDITIONS} conditions`)),
  action: RuleAction,
  auto: v.optional(v.pipe(v.boolean(), v.description('A categorize rule that posts each line it holds for at import, instead of marking it.')), false),
};

export const BankRuleCreate = v.pipe(
  v.strictObject(ruleFields),
  v.forward(v.check((input) => !input.auto || 'categorize' in input.action, 'is only for a categorize rule'), ['auto']),
);
export const BankRuleUpdate = v.strictObject({ name: v.optional(ruleFields.name), priority: v.optional(v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(0, 'must not be negative'), v.maxValue(1_000_000, 'must be at most 1000000'))), account_id: v.optional(v.nullable(IdRef)), conditions: v.optional(ruleFields.conditions), action: v.optional(RuleAction), auto: v.optional(v.boolean()) });

export const BankRule = v.object({
  id: ResourceId,
  name: v.string(),
  priority: v.number(),
  account_id: v.nullable(ResourceId),
  conditions: v.array(v.object({ field: v.picklist(['description', 'amount']), operator: v.string(), value: v.union([v.string(), v.number()]) })),
  action: v.union([v.object({ categorize: v.object({ account_id: ResourceId, tax_rate: v.number(), tax_rate_id: v.pipe(v.nullable(ResourceId), v.description('The tax rate the rule categorizes at; null: its tax_rate percentage, resolved as a line\'s is.')), tracking: v.pipe(LineTrackingOutput, v.description('The tracking options each bank transaction the rule posts names; empty: unassigned.')) }) }), v.object({ party_id: ResourceId })]),
  auto: v.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export const BankRuleListQuery = v.strictObject({ ...PagingQuery });

export type BankRuleCreateInput = v.InferOutput<typeof BankRuleCreate>;
export type BankRuleUpdateInput = v.InferOutput<typeof BankRuleUpdate>;

export const Suggestion = v.object({
  kind: v.picklist(['rule', 'receipt', 'payment', 'cash_sale', 'expense', 'journal', 'transfer', 'invoice', 'bill']),
  id: ResourceId,
  no: v.nullable(v.string()),
  party: v.nullable(v.object({ id: ResourceId, name: v.string() })),
  date: v.nullable(v.string()),
  amount: v.nullable(v.number()),
  journal_entry_id: v.pipe(v.nullable(ResourceId), v.description('The posting to name in journal_entry_ids to match it (postings only).')),
  reason: v.string(),
});

export const BankImport = v.object({
  id: ResourceId,
  account_id: ResourceId,
  status: v.pipe(v.picklist(['queued', 'running', 'done', 'failed']), v.description('queued, then running chunk by chunk, then done.')),
  lines_total: v.number(),
  lines_added: v.number(),
  lines_skipped: v.pipe(v.number(), v.description('Lines the account held already (the same external id): not doubled.')),
  lines_categorized: v.pipe(v.number(), v.description('Lines an auto rule posted.')),
  problems: v.array(v.object({ field: v.string(), message: v.string() })),
  created_at: Timestamp,
  updated_at: Timestamp,
});
