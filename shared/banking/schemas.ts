import * as v from 'valibot';
import { Amount, CurrencyCode, PagingQuery, ResourceId, Text, Timestamp } from '../http/fields.ts';

export const BANK_ACCOUNT_KINDS = ['bank', 'cash'] as const;

export const BankAccountCreate = v.strictObject({
  name: Text(200),
  kind: v.picklist(BANK_ACCOUNT_KINDS, `must be one of ${BANK_ACCOUNT_KINDS.join(', ')}`),
  currency: v.optional(CurrencyCode),
  opening_balance: v.optional(Amount),
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
