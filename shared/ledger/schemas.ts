import * as v from 'valibot';
import { CalendarDate, IdRef, PagingQuery, ResourceId, Timestamp } from '../domain/fields.ts';

export const Account = v.object({
  id: ResourceId,
  code: v.nullable(v.string()),
  name: v.string(),
  type: v.picklist(['asset', 'liability', 'equity', 'revenue', 'expense']),
  system_role: v.nullable(v.string()),
  cash_flow: v.boolean(),
  kind: v.nullable(v.string()),
  currency: v.nullable(v.string()),
});

export const JournalEntry = v.object({
  id: ResourceId,
  document_id: ResourceId,
  document_type: v.string(),
  document_no: v.nullable(v.string()),
  date: v.string(),
  currency: v.string(),
  lines: v.array(v.object({ account_id: ResourceId, debit: v.number(), credit: v.number() })),
  reverses: v.nullable(ResourceId),
  created_at: Timestamp,
});

export const JournalEntryListQuery = v.strictObject({ ...PagingQuery, document_id: v.optional(IdRef) });

export const TrialBalanceQuery = v.strictObject({ as_of: v.optional(CalendarDate) });

export const TrialBalance = v.object({
  as_of: v.string(),
  currencies: v.array(
    v.object({
      currency: v.string(),
      accounts: v.array(v.object({ account_id: ResourceId, code: v.nullable(v.string()), name: v.nullable(v.string()), type: v.nullable(v.string()), debit: v.number(), credit: v.number() })),
      total_debit: v.number(),
      total_credit: v.number(),
    }),
  ),
});

export const ProfitAndLossQuery = v.pipe(
  v.strictObject({ from: v.optional(CalendarDate), to: v.optional(CalendarDate) }),
  v.forward(
    v.check((query) => !query.from || !query.to || query.from <= query.to, 'must not be after to'),
    ['from'],
  ),
);

export const AsOfQuery = v.strictObject({ as_of: v.optional(CalendarDate) });

const StatementLine = v.object({ account_id: v.nullable(ResourceId), code: v.nullable(v.string()), name: v.string(), amount: v.number() });

export const ProfitAndLoss = v.object({
  from: v.string(),
  to: v.string(),
  currencies: v.array(v.object({ currency: v.string(), income: v.array(StatementLine), expenses: v.array(StatementLine), total_income: v.number(), total_expenses: v.number(), net_profit: v.number() })),
});

export const BalanceSheet = v.object({
  as_of: v.string(),
  currencies: v.array(
    v.object({
      currency: v.string(),
      assets: v.array(StatementLine),
      liabilities: v.array(StatementLine),
      equity: v.array(StatementLine),
      total_assets: v.number(),
      total_liabilities: v.number(),
      total_equity: v.number(),
    }),
  ),
});

const Ages = { current: v.number(), d1_30: v.number(), d31_60: v.number(), d61_90: v.number(), over_90: v.number(), total: v.number() };

export const AgedReport = v.object({
  as_of: v.string(),
  currencies: v.array(v.object({ currency: v.string(), parties: v.array(v.object({ party_id: ResourceId, name: v.string(), ...Ages })), totals: v.object(Ages) })),
});
