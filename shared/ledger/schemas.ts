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
