import * as v from 'valibot';
import { CalendarDate, CursorParameter, ExchangeRateOutput, IdRef, PagingQuery, PositiveInteger, ResourceId, Text, Timestamp } from '../platform/core/fields.ts';
import { decodeJsonCursor, encodeJsonCursor } from '../platform/core/paging.ts';
import { LineTrackingOutput } from './tracking/schemas.ts';

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;

export const Account = v.object({
  id: ResourceId,
  code: v.nullable(v.string()),
  name: v.string(),
  type: v.picklist(ACCOUNT_TYPES),
  system_role: v.nullable(v.string()),
  cash_flow: v.boolean(),
  kind: v.nullable(v.string()),
  currency: v.nullable(v.string()),
  description: v.nullable(v.string()),
  archived: v.pipe(v.boolean(), v.description('An archived account refuses new postings.')),
});

const AccountCode = v.pipe(Text(20), v.regex(/^[A-Za-z0-9][A-Za-z0-9.\-]*$/, 'must be letters, digits, dots and dashes'), v.description('Unique within the business (409 when taken).'));
const AccountType = v.picklist(ACCOUNT_TYPES, `must be one of ${ACCOUNT_TYPES.join(', ')}`);

export const AccountCreate = v.strictObject({
  code: AccountCode,
  name: Text(200),
  type: AccountType,
  description: v.optional(v.nullable(Text(1000))),
});

export const AccountPatch = v.strictObject({
  code: v.optional(AccountCode),
  name: v.optional(Text(200)),
  type: v.optional(AccountType),
  description: v.optional(v.nullable(Text(1000))),
  archived: v.optional(v.boolean('must be true or false')),
});

export type AccountCreateInput = v.InferOutput<typeof AccountCreate>;
export type AccountPatchInput = v.InferOutput<typeof AccountPatch>;

export const JournalEntry = v.object({
  id: ResourceId,
  document_id: ResourceId,
  document_type: v.string(),
  document_no: v.nullable(v.string()),
  date: v.string(),
  currency: v.string(),
  exchange_rate: ExchangeRateOutput,
  lines: v.array(
    v.object({
      account_id: ResourceId,
      debit: v.number(),
      credit: v.number(),
      base_debit: v.pipe(v.number(), v.description('In the home currency: the debit at the entry\'s rate, or at its document\'s rate where a settlement relieves it.')),
      base_credit: v.number(),
      tracking: LineTrackingOutput,
    }),
  ),
  reverses: v.nullable(ResourceId),
  created_at: Timestamp,
});

export const JournalEntryListQuery = v.strictObject({ ...PagingQuery, document_id: v.optional(IdRef) });

export const TrialBalanceQuery = v.strictObject({ as_of: v.optional(CalendarDate) });

/** What a block is: "Home currency (books of record)", or "Postings in EUR, not converted". */
const BlockLabel = v.pipe(v.string(), v.description('What the block is: "Home currency (books of record)" for `base`; "Postings in EUR, not converted" for a currency\'s block.'));

const TrialBalanceBlock = v.object({
  currency: v.string(),
  label: BlockLabel,
  accounts: v.array(v.object({ account_id: ResourceId, code: v.nullable(v.string()), name: v.nullable(v.string()), type: v.nullable(v.string()), debit: v.number(), credit: v.number() })),
  total_debit: v.number(),
  total_credit: v.number(),
});

const HOME_BLOCK = 'In the home currency over every currency: the books of record, which balance.';

export const TrialBalance = v.object({
  as_of: v.string(),
  currencies: v.array(TrialBalanceBlock),
  base: v.pipe(TrialBalanceBlock, v.description(HOME_BLOCK)),
});

const Basis = v.pipe(v.picklist(['accrual', 'cash']), v.description('accrual (the default): income and expenses when booked; cash: when settled (receipts, payments and credit allocations), in proportion to each settlement of a document'));

const TrackingOptionFilter = v.pipe(IdRef, v.description('Only the lines that name this tracking option (accrual basis).'));

export const ProfitAndLossQuery = v.pipe(
  v.strictObject({
    from: v.optional(CalendarDate),
    to: v.optional(CalendarDate),
    basis: v.optional(Basis),
    tracking_category_id: v.optional(v.pipe(IdRef, v.description('A column per option of this tracking category, and one for the lines that name none (accrual basis).'))),
    tracking_option_id: v.optional(TrackingOptionFilter),
  }),
  v.forward(
    v.check((query) => !query.from || !query.to || query.from <= query.to, 'must not be after to'),
    ['from'],
  ),
  v.forward(
    v.check((query) => !query.tracking_category_id || !query.tracking_option_id, 'cannot be given with tracking_option_id: columns by category, or one option'),
    ['tracking_category_id'],
  ),
  v.forward(
    v.check((query) => query.basis !== 'cash' || (!query.tracking_category_id && !query.tracking_option_id), 'must be accrual for a report by tracking'),
    ['basis'],
  ),
);

export const AsOfQuery = v.strictObject({ as_of: v.optional(CalendarDate) });

const StatementLine = v.object({ account_id: v.nullable(ResourceId), code: v.nullable(v.string()), name: v.string(), amount: v.number() });

const OptionAmount = v.object({ option_id: v.pipe(v.nullable(ResourceId), v.description('null: the lines that name no option of the category.')), amount: v.number() });
const ProfitAndLossRow = v.object({ ...StatementLine.entries, by_option: v.optional(v.pipe(v.array(OptionAmount), v.description('With tracking_category_id: the amount per column, adding up to `amount`.'))) });

const ProfitAndLossBlock = v.object({
  currency: v.string(),
  label: BlockLabel,
  columns: v.optional(v.pipe(v.array(v.object({ option_id: v.nullable(ResourceId), name: v.string() })), v.description('With tracking_category_id: each option of the category, then "Unassigned" (option_id null).'))),
  income: v.array(ProfitAndLossRow),
  expenses: v.array(ProfitAndLossRow),
  total_income: v.number(),
  total_expenses: v.number(),
  net_profit: v.number(),
  by_option: v.optional(v.pipe(v.array(v.object({ option_id: v.nullable(ResourceId), total_income: v.number(), total_expenses: v.number(), net_profit: v.number() })), v.description('With tracking_category_id: the totals per column.'))),
});

export const ProfitAndLoss = v.object({
  from: v.string(),
  to: v.string(),
  basis: Basis,
  tracking: v.optional(v.pipe(v.object({ category_id: ResourceId, category_name: v.string(), option_id: v.nullable(ResourceId), option_name: v.nullable(v.string()) }), v.description('The category the columns are of, or the one option the report is filtered to.'))),
  currencies: v.array(ProfitAndLossBlock),
  base: v.pipe(ProfitAndLossBlock, v.description(HOME_BLOCK)),
});

const BalanceSheetBlock = v.object({
  currency: v.string(),
  label: BlockLabel,
  assets: v.array(StatementLine),
  liabilities: v.array(StatementLine),
  equity: v.array(StatementLine),
  total_assets: v.number(),
  total_liabilities: v.number(),
  total_equity: v.number(),
});

export const BalanceSheet = v.object({
  as_of: v.string(),
  currencies: v.array(BalanceSheetBlock),
  base: v.pipe(BalanceSheetBlock, v.description(HOME_BLOCK)),
});

export const Ages = { current: v.number(), d1_30: v.number(), d31_60: v.number(), d61_90: v.number(), over_90: v.number(), total: v.number() };

const BaseTotal = v.pipe(v.number(), v.description('The open balances in the home currency, at the rates the documents were posted at.'));

export const AgedReport = v.object({
  as_of: v.string(),
  base_currency: v.string(),
  currencies: v.array(v.object({ currency: v.string(), parties: v.array(v.object({ party_id: ResourceId, name: v.string(), ...Ages, base_total: BaseTotal })), totals: v.object({ ...Ages, base_total: BaseTotal }) })),
});

export const UnrealizedFxQuery = v.strictObject({ as_of: v.optional(CalendarDate) });

export const UnrealizedFx = v.object({
  as_of: v.string(),
  base_currency: v.string(),
  items: v.array(
    v.object({
      kind: v.picklist(['document', 'bank_account']),
      id: ResourceId,
      no: v.pipe(v.nullable(v.string()), v.description('The document number; null for a bank account.')),
      name: v.pipe(v.string(), v.description('The party, or the bank account.')),
      currency: v.string(),
      open_amount: v.pipe(v.number(), v.description('What is open in the item\'s currency: the balance due (a bill\'s is negative: owed), or the bank balance.')),
      booked_base: v.pipe(v.number(), v.description('That amount in the home currency as booked.')),
      rate: v.pipe(v.nullable(v.number()), v.description('The business\'s rate on as_of; null when it has none for the currency.')),
      current_base: v.nullable(v.number()),
      gain: v.pipe(v.nullable(v.number()), v.description('current_base − booked_base: a gain when positive, a loss when negative.')),
    }),
  ),
  total_gain: v.pipe(v.number(), v.description('The gains and losses of the items that have a rate.')),
  missing_rates: v.pipe(v.array(v.string()), v.description('Currencies with open items and no rate on or before as_of.')),
});

/** Where the next page of a general ledger starts: after the line `after`, at the running balance `balance` (minor units). */
export interface LedgerCursor {
  readonly after: string;
  readonly balance: number;
}

export function encodeLedgerCursor(cursor: LedgerCursor): string {
  return encodeJsonCursor(cursor);
}

function decodeLedgerCursor(text: string): LedgerCursor | undefined {
  return decodeJsonCursor(text, ({ after, balance }) => (typeof after === 'string' && Number.isSafeInteger(balance) ? { after, balance: balance as number } : undefined));
}

export const GeneralLedgerQuery = v.pipe(
  v.strictObject({
    account_id: v.pipe(v.string(), v.uuid('must be an account id'), v.description('The account whose lines are listed.')),
    from: v.optional(v.pipe(CalendarDate, v.description('First day (default: the start of the financial year holding `to`).'))),
    to: v.optional(v.pipe(CalendarDate, v.description('Last day (default today).'))),
    page_size: v.optional(v.pipe(PositiveInteger, v.maxValue(500, 'must be at most 500'), v.description('Lines per page, 1 to 500 (default 500).'))),
    cursor: v.optional(CursorParameter('The `next_cursor` of the previous page: continues after its last line, at its running balance.', decodeLedgerCursor)),
    tracking_option_id: v.optional(TrackingOptionFilter),
  }),
  v.forward(
    v.check((query) => !query.from || !query.to || query.from <= query.to, 'must not be after to'),
    ['from'],
  ),
);

const LedgerAmount = v.pipe(v.number(), v.description('In the report\'s `currency`.'));

export const GeneralLedger = v.object({
  account: v.object({ id: ResourceId, code: v.nullable(v.string()), name: v.string(), type: v.picklist(ACCOUNT_TYPES) }),
  from: v.string(),
  to: v.string(),
  currency: v.pipe(v.string(), v.description('A bank or cash account\'s own currency (its postings in it); any other account\'s, the home currency.')),
  opening_balance: v.pipe(v.number(), v.description('Net debit at the end of the day before `from`, from the period totals.')),
  lines: v.array(
    v.object({
      date: v.string(),
      journal_entry_id: ResourceId,
      source: v.object({ type: v.string(), id: ResourceId, no: v.nullable(v.string()) }),
      party: v.nullable(v.object({ id: ResourceId, name: v.string() })),
      description: v.string(),
      debit: LedgerAmount,
      credit: LedgerAmount,
      balance: v.pipe(v.number(), v.description('Running net debit after this line.')),
      currency: v.pipe(v.string(), v.description('The posting\'s own currency.')),
      original_debit: v.pipe(v.number(), v.description('In the posting\'s own currency.')),
      original_credit: v.number(),
    }),
  ),
  closing_balance: v.pipe(v.number(), v.description('Net debit at the end of `to`: the trial balance\'s figure as of `to`.')),
  tracking_option_id: v.optional(v.pipe(ResourceId, v.description('The option the lines and balances are filtered to: a page may then hold fewer lines than page_size.'))),
  next_cursor: v.nullable(v.string()),
});
